// Passwords: the length rule and common passwords refused; argon2id hashes, salted, matched in any
// Unicode form, and made off the event loop.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@pets/contract';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordIssue, passwordMatches } from './passwords.js';

describe('a new password (docs/staff/sign-in.md)', () => {
  it('has 12 to 256 characters, counted as people see them, and no composition rule', () => {
    expect(passwordIssue('a'.repeat(11))).toBe('must be at least 12 characters');
    expect(passwordIssue('correct horse')).toBeUndefined();
    expect(passwordIssue('x'.repeat(PASSWORD_MAX_LENGTH))).toBeUndefined();
    expect(passwordIssue('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe(
      'must be at most 256 characters',
    );
    // Eleven emoji are eleven characters (22 UTF-16 units); twelve pass.
    expect(passwordIssue('🐈'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe(
      'must be at least 12 characters',
    );
    expect(passwordIssue('🐈'.repeat(PASSWORD_MIN_LENGTH))).toBeUndefined();
    // Only lower case, no digit, no symbol: fine.
    expect(passwordIssue('tangerine lighthouse')).toBeUndefined();
  });

  it('is refused when it is a common password, in any case', () => {
    for (const common of ['iloveyou1234', 'ILoveYou1234', 'qwertyuiop123', '123456789012'])
      expect(passwordIssue(common), common).toBe(
        'is one of the most common passwords: choose another',
      );
  });
});

describe('a new password, beside what the person is known by (NIST SP 800-63B)', () => {
  const ann = { email: 'Ann.Lee@Acme.example', name: 'Ann Lee' };

  it('is refused when it is only white space or holds a control character', () => {
    expect(passwordIssue(' '.repeat(12))).toBe('must not be only white space');
    expect(passwordIssue('\u3000'.repeat(12))).toBe('must not be only white space');
    expect(passwordIssue(' \u200b'.repeat(6))).toBe('must not be only white space');
    expect(passwordIssue('\u0000'.repeat(12))).toBe('must not contain control characters');
    expect(passwordIssue('tangerine\tlighthouse')).toBe('must not contain control characters');
    expect(passwordIssue('tangerine\u007flighthouse')).toBe('must not contain control characters');
    // Spaces inside a passphrase are fine.
    expect(passwordIssue('  tangerine lighthouse  ')).toBeUndefined();
  });

  it('is refused when it contains the email, the part before @ or the name, in any case', () => {
    expect(passwordIssue('ann.lee@acme.example', ann)).toBe('must not contain your email address');
    expect(passwordIssue('my ANN.LEE@ACME.EXAMPLE!', ann)).toBe(
      'must not contain your email address',
    );
    expect(passwordIssue('hello ann.lee 2026', ann)).toBe(
      'must not contain the part of your email before @',
    );
    expect(passwordIssue('it is ANN LEE here', ann)).toBe('must not contain your name');
    // Fullwidth letters are the same text (NFKC).
    expect(passwordIssue('ｉｔ ｉｓ ａｎｎ ｌｅｅ ｈｅｒｅ', ann)).toBe(
      'must not contain your name',
    );
    // Without the context, or unrelated: fine.
    expect(passwordIssue('ann.lee@acme.example')).toBeUndefined();
    expect(passwordIssue('tangerine lighthouse', ann)).toBeUndefined();
  });

  it('ignores a part before @ or a name shorter than 4 characters', () => {
    const bo = { email: 'bo@acme.example', name: 'Bo' };
    expect(passwordIssue('bonfire lighthouse', bo)).toBeUndefined();
    expect(passwordIssue('my bo@acme.example key', bo)).toBe('must not contain your email address');
  });
});

describe('password hashes', () => {
  it('are argon2id with OWASP parameters, salted, and never hold the password', async () => {
    const password = 'tangerine lighthouse';
    const [first, second] = await Promise.all([hashPassword(password), hashPassword(password)]);
    expect(first).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(second).not.toBe(first);
    expect(first).not.toContain(password);
  });

  it('match the password they were made from, and the same text in another Unicode form', async () => {
    const stored = await hashPassword('Crème brûlée 2024');
    expect(await passwordMatches(stored, 'Crème brûlée 2024')).toBe(true);
    // The same text with combining accents (NFD) is the same password.
    expect(await passwordMatches(stored, 'Crème brûlée 2024'.normalize('NFD'))).toBe(true);
    expect(await passwordMatches(stored, 'Creme brulee 2024')).toBe(false);
    expect(await passwordMatches(stored, '')).toBe(false);
  });

  it('say no, after the same work, when there is no stored hash', async () => {
    expect(await passwordMatches(null, 'tangerine lighthouse')).toBe(false);
    expect(await passwordMatches(null, '')).toBe(false);
  });

  it('are made off the event loop: timers keep firing while four are made', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
    }, 1);
    await Promise.all(Array.from({ length: 4 }, (_, i) => hashPassword(`password number ${i}`)));
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});
