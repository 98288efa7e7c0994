// Signing secrets: Standard Webhooks' form, each new, and sealed so that only the same key opens
// them and any change to what is stored is caught.
import { describe, expect, it } from 'vitest';
import { generateSecret, SecretBox } from './webhook-secrets.js';

describe('generateSecret', () => {
  it('makes whsec_ and the base64 of 32 random bytes, with its first characters as prefix', () => {
    const { secret, prefix } = generateSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(prefix).toBe(secret.slice(0, 10));
    expect(new Set(Array.from({ length: 50 }, () => generateSecret().secret)).size).toBe(50);
  });
});

describe('SecretBox', () => {
  const box = new SecretBox('k'.repeat(32));
  const { secret } = generateSecret();

  it('opens what it sealed, sealed anew each time, with nothing of the secret in clear', () => {
    const first = box.seal(secret);
    const second = box.seal(secret);
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[A-Za-z0-9+/]+=*$/);
    expect(first).not.toContain(secret.slice('whsec_'.length, 'whsec_'.length + 8));
    expect(box.open(first)).toBe(secret);
    expect(box.open(second)).toBe(secret);
  });

  it('refuses what another key sealed, an altered seal, and text that is no seal', () => {
    const sealed = box.seal(secret);
    expect(() => new SecretBox('j'.repeat(32)).open(sealed)).toThrow();
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    expect(() => box.open(`v1.${bytes.toString('base64')}`)).toThrow();
    for (const text of ['', secret, 'v2.AAAA', 'v1.', 'v1.AAAA', `${sealed}.x`])
      expect(() => box.open(text), text).toThrow();
  });
});
