// People and their sessions: the times and limits docs/staff/sign-in.md gives, emails,
// passwords, link secrets, and every body of people and links with its fields.
import { describe, expect, it } from 'vitest';
import {
  AcceptInvitation,
  ChangePassword,
  Email,
  INVITATION_TTL_MS,
  LinkToken,
  NewInvitation,
  NewPassword,
  Password,
  RESET_LINK_TTL_MS,
  ResetPassword,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
  SESSION_MAX_AGE_MS,
  SIGN_IN_FAILURE_WINDOW_MS,
  SIGN_IN_FAILURES_MAX,
  SignIn,
} from './people.schema.js';
import { toErrorDetails } from './validation.js';
import type { z } from 'zod';

/** The details a value is refused with, as the API words them. */
const refusal = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error(`accepted: ${JSON.stringify(value)}`);
  return toErrorDetails(parsed.error);
};

const TOKEN = 'A'.repeat(42) + '_';

describe('people and their sessions (docs/staff/sign-in.md)', () => {
  it('keep the times and limits docs/staff/sign-in.md gives', () => {
    expect(SESSION_IDLE_MS).toBe(1_800_000);
    expect(SESSION_MAX_AGE_MS).toBe(43_200_000);
    expect(SIGN_IN_FAILURES_MAX).toBe(10);
    expect(SIGN_IN_FAILURE_WINDOW_MS).toBe(900_000);
    expect(INVITATION_TTL_MS).toBe(604_800_000);
    expect(RESET_LINK_TTL_MS).toBe(3_600_000);
    expect(SESSION_COOKIE).toBe('__Host-pets_session');
  });

  it('take an email as browsers do, admin@localhost included, up to 254 characters', () => {
    expect(Email.parse('admin@localhost')).toBe('admin@localhost');
    expect(Email.parse('Ann@Acme.example')).toBe('Ann@Acme.example');
    expect(refusal(Email, 'not an email')).toEqual([
      { field: '', issue: 'must be an email address' },
    ]);
    expect(refusal(Email, undefined)).toEqual([{ field: '', issue: 'is required' }]);
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`;
    expect(long.length).toBe(255);
    expect(refusal(Email, long)).toContainEqual({
      field: '',
      issue: 'must be at most 254 characters',
    });
    expect(Email.parse(long.slice(1))).toHaveLength(254);
  });

  it('sign in with any password up to 256 characters, none empty', () => {
    expect(Password.parse('x')).toBe('x');
    expect(Password.parse('😀'.repeat(256))).toHaveLength(512);
    expect(refusal(Password, '')).toEqual([{ field: '', issue: 'is required' }]);
    expect(refusal(Password, 'a'.repeat(257))).toEqual([
      { field: '', issue: 'must be at most 256 characters' },
    ]);
    expect(refusal(Password, 7)).toEqual([{ field: '', issue: 'must be a string' }]);
    expect(refusal(SignIn, { email: 'a@b', password: 'x', extra: 1 })).toEqual([
      { field: 'extra', issue: 'is not allowed' },
    ]);
    expect(refusal(SignIn, [])).toEqual([{ field: '', issue: 'must be a JSON object' }]);
  });

  it('choose passwords of 12 to 256 characters as people see them (NFKC), nothing more', () => {
    expect(NewPassword.parse('a'.repeat(12))).toHaveLength(12);
    expect(NewPassword.parse('a'.repeat(256))).toHaveLength(256);
    expect(refusal(NewPassword, 'a'.repeat(11))).toEqual([
      { field: '', issue: 'must be at least 12 characters' },
    ]);
    expect(refusal(NewPassword, 'a'.repeat(257))).toEqual([
      { field: '', issue: 'must be at most 256 characters' },
    ]);
    // Twelve ligatures "ﬁ" are 24 letters once normalised: long enough.
    expect(NewPassword.safeParse('ﬁ'.repeat(6)).success).toBe(true);
    expect(NewPassword.safeParse('ﬁ'.repeat(129)).success).toBe(false);
    expect(refusal(NewPassword, null)).toEqual([{ field: '', issue: 'must be a string' }]);
  });

  it('read a link secret only as the API makes them: 43 base64url characters', () => {
    expect(LinkToken.parse(TOKEN)).toBe(TOKEN);
    for (const bad of [TOKEN.slice(1), `${TOKEN}A`, `${TOKEN.slice(1)}=`, ` ${TOKEN.slice(1)}`])
      expect(refusal(LinkToken, bad)).toEqual([
        { field: '', issue: 'is not a link this API made' },
      ]);
    expect(refusal(LinkToken, 1)).toEqual([{ field: '', issue: 'must be a string' }]);
  });

  it('word every body of people and links with its fields', () => {
    expect(refusal(NewInvitation, {})).toEqual([{ field: 'email', issue: 'is required' }]);
    expect(refusal(NewInvitation, 'x')).toEqual([{ field: '', issue: 'must be a JSON object' }]);
    expect(refusal(AcceptInvitation, { token: TOKEN, name: '', password: 'short' })).toEqual([
      { field: 'name', issue: 'must not be empty' },
      { field: 'password', issue: 'must be at least 12 characters' },
    ]);
    expect(refusal(AcceptInvitation, 1)).toEqual([{ field: '', issue: 'must be a JSON object' }]);
    expect(refusal(ResetPassword, { token: 'x', password: 'long enough passphrase' })).toEqual([
      { field: 'token', issue: 'is not a link this API made' },
    ]);
    expect(refusal(ResetPassword, null)).toEqual([{ field: '', issue: 'must be a JSON object' }]);
    expect(refusal(ChangePassword, { currentPassword: '', newPassword: 'x' })).toEqual([
      { field: 'currentPassword', issue: 'is required' },
      { field: 'newPassword', issue: 'must be at least 12 characters' },
    ]);
    expect(refusal(ChangePassword, true)).toEqual([{ field: '', issue: 'must be a JSON object' }]);
  });
});
