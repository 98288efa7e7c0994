// Signing in without a password: the bodies of passkeys as the API refuses them, field by field,
// and the reasons a single sign-on comes back with.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BODY_LIMIT_BYTES } from './limits.js';
import {
  CREDENTIAL_ID_MAX_BYTES,
  CREDENTIAL_ID_MAX_LENGTH,
  NewPasskey,
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEYS_MAX,
  PasskeySignIn,
  SINGLE_SIGN_ON_COOKIE,
  SINGLE_SIGN_ON_FAILURES,
  SINGLE_SIGN_ON_TTL_MS,
  SingleSignOnFailure,
} from './sign-in.schema.js';
import { toErrorDetails } from './validation.js';

/** The details a value is refused with, as the API words them. */
const refusal = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error(`accepted: ${JSON.stringify(value)}`);
  return toErrorDetails(parsed.error);
};

const credential = (overrides: Record<string, unknown> = {}) => ({
  id: 'AbC-_1',
  rawId: 'AbC-_1',
  type: 'public-key',
  response: { clientDataJSON: 'e30' },
  clientExtensionResults: {},
  ...overrides,
});

describe('passkeys and single sign-on (docs/staff/sign-in.md)', () => {
  it('keep the times, limits and cookie docs/staff/sign-in.md gives', () => {
    expect(PASSKEY_CHALLENGE_TTL_MS).toBe(300_000);
    expect(PASSKEYS_MAX).toBe(20);
    expect(SINGLE_SIGN_ON_TTL_MS).toBe(600_000);
    expect(SINGLE_SIGN_ON_COOKIE).toBe('__Host-pets_sso');
  });

  it('take a credential as the browser gives it, with what WebAuthn adds left for the API to check', () => {
    expect(PasskeySignIn.parse({ credential: credential() })).toEqual({ credential: credential() });
    expect(NewPasskey.parse({ name: ' Laptop ', credential: credential() }).credential).toEqual(
      credential(),
    );
  });

  it('refuse each malformed part of a credential in words', () => {
    expect(refusal(PasskeySignIn, { credential: credential({ id: 42 }) })).toEqual([
      { field: 'credential.id', issue: 'must be a base64url string' },
    ]);
    expect(refusal(PasskeySignIn, { credential: credential({ rawId: 'a+b' }) })).toEqual([
      { field: 'credential.rawId', issue: 'must be a base64url string' },
    ]);
    expect(refusal(PasskeySignIn, { credential: credential({ id: 'A'.repeat(1365) }) })).toEqual([
      { field: 'credential.id', issue: 'must be at most 1364 characters' },
    ]);
    expect(
      PasskeySignIn.safeParse({ credential: credential({ id: 'A'.repeat(1364) }) }),
    ).toMatchObject({ success: true });
    expect(refusal(PasskeySignIn, { credential: credential({ type: 'password' }) })).toEqual([
      { field: 'credential.type', issue: 'must be "public-key"' },
    ]);
    expect(refusal(PasskeySignIn, { credential: credential({ response: 'signed' }) })).toEqual([
      { field: 'credential.response', issue: 'must be a JSON object' },
    ]);
    expect(refusal(PasskeySignIn, { credential: [] })).toEqual([
      { field: 'credential', issue: 'must be a JSON object' },
    ]);
  });

  it('take credential ids as long as WebAuthn allows, which fit in a body twice over', () => {
    // WebAuthn: a credential id is at most 1023 bytes, 1364 characters of base64url.
    expect(CREDENTIAL_ID_MAX_LENGTH).toBe(1364);
    expect(Buffer.alloc(CREDENTIAL_ID_MAX_BYTES).toString('base64url')).toHaveLength(
      CREDENTIAL_ID_MAX_LENGTH,
    );
    const longest = 'A'.repeat(CREDENTIAL_ID_MAX_LENGTH);
    const body = {
      // The longest name, in characters that take 4 bytes of UTF-8 each.
      name: '😀'.repeat(60),
      credential: credential({ id: longest, rawId: longest }),
    };
    expect(NewPasskey.safeParse(body).success).toBe(true);
    // The document's own lengths: what a body at the maximum of both ids weighs leaves most of the
    // body limit to the signed response.
    const weight = Buffer.byteLength(JSON.stringify(body));
    expect(weight).toBeLessThan(BODY_LIMIT_BYTES / 4);
  });

  it('refuse a body that is not an object, and fields it does not take', () => {
    expect(refusal(PasskeySignIn, 'credential')).toEqual([
      { field: '', issue: 'must be a JSON object' },
    ]);
    expect(refusal(NewPasskey, ['Laptop'])).toEqual([
      { field: '', issue: 'must be a JSON object' },
    ]);
    expect(refusal(NewPasskey, { name: '', credential: credential() })).toEqual([
      expect.objectContaining({ field: 'name' }),
    ]);
    expect(refusal(PasskeySignIn, { credential: credential(), email: 'ann@example.com' })).toEqual([
      expect.objectContaining({ field: 'email' }),
    ]);
  });

  it('name a sentence for every reason a single sign-on comes back with', () => {
    expect(SingleSignOnFailure.options).toEqual([
      'expired',
      'provider_refused',
      'email_not_verified',
      'domain_not_allowed',
      'other_account',
      'deactivated',
      'unavailable',
    ]);
    for (const reason of SingleSignOnFailure.options)
      expect(SINGLE_SIGN_ON_FAILURES[reason]).toMatch(/^[A-Z].*\.$/);
  });
});
