/**
 * What tests create, with what no test cares about filled in: `aPet({ status: 'sold' })`,
 * `anAccount({ role: 'staff' })`, `aPerson({ email })`; an override replaces a default.
 */
import type { NewAccountInput } from '@pets/contract';
import { PASSWORD } from './people-app.js';

/** Limits no test's requests meet. */
export const UNMET_LIMITS = { perMinute: 100_000, perDay: 1_000_000 } as const;

/** A new pet's body: Rex, in the starter set's first category. */
export const aPet = <T extends Record<string, unknown>>(overrides: T = {} as T) => ({
  name: 'Rex',
  categoryId: 1,
  ...overrides,
});

type EnterpriseAccount = Extract<NewAccountInput, { plan: 'enterprise' }>;

/** A partner account on the Enterprise plan whose limits no test meets. */
export const anAccount = (overrides: Partial<EnterpriseAccount> = {}): EnterpriseAccount => ({
  name: 'Partner',
  plan: 'enterprise',
  role: 'partner',
  limits: UNMET_LIMITS,
  ...overrides,
});

/** A person who signs in with the tests' password. */
export const aPerson = (
  overrides: { email?: string; password?: string; name?: string } = {},
): { email: string; password: string; name?: string } => ({
  email: 'someone@acme.example',
  password: PASSWORD,
  ...overrides,
});
