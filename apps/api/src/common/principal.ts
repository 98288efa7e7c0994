import type { Plan, Role } from '@pets/contract';

/** Who is calling: resolved from the API key by the guard, read by handlers and the rate limiter. */
export interface Principal {
  readonly accountId: number;
  readonly keyId: number;
  readonly role: Role;
  readonly plan: Plan;
  /** Requests per UTC minute and per UTC day for this account. */
  readonly limits: { readonly perMinute: number; readonly perDay: number };
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}
