// Cursors open what they sealed, under the shared secret only, and refuse any change to a cursor,
// one forged without the key, and working without a secret.
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_CURSOR_SECRET } from '../config/config.schema.js';
import { Cursors } from './cursor.js';

const cursors = new Cursors(DEVELOPMENT_CURSOR_SECRET);
const raw = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8');
const wrap = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** A cursor as anyone could make one before cursors were signed: a hash with no key. */
const unkeyed = (fields: string[]) => {
  const body = fields.join('.');
  const sum = createHash('sha256')
    .update(`petstore-cursor:${body}`)
    .digest('base64url')
    .slice(0, 10);
  return wrap(`${body}.${sum}`);
};

describe('Cursors', () => {
  it('open what they sealed, with 128 bits of an HMAC-SHA256 of the fields under the secret', () => {
    const fields = ['c1', '42', 'sold'];
    const cursor = cursors.seal(fields);
    expect(cursors.open(cursor)).toEqual(fields);
    const mac = createHmac('sha256', DEVELOPMENT_CURSOR_SECRET)
      .update('c1.42.sold')
      .digest()
      .subarray(0, 16)
      .toString('base64url');
    expect(raw(cursor)).toBe(`c1.42.sold.${mac}`);
  });

  it('sign with the HMAC-SHA256 createHmac makes, for any secret (longer than a block too) and fields', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 32, maxLength: 200, unit: 'binary' }),
        fc.array(
          fc.string({ unit: 'grapheme' }).map((field) => field.replaceAll('.', '')),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        (secret, fields) => {
          const mac = createHmac('sha256', Buffer.from(secret, 'utf8'))
            .update(fields.join('.'))
            .digest()
            .subarray(0, 16)
            .toString('base64url');
          expect(raw(new Cursors(secret).seal(fields))).toBe(`${fields.join('.')}.${mac}`);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('open a cursor another instance sealed with the same secret, and none sealed with another', () => {
    const shared = 's'.repeat(40);
    const made = new Cursors(shared).seal(['a1', '7', '']);
    expect(new Cursors(shared).open(made)).toEqual(['a1', '7', '']);
    expect(new Cursors(`${shared}!`).open(made)).toBeUndefined();
    expect(cursors.open(made)).toBeUndefined();
  });

  it('refuse a cursor forged the old way, without the key', () => {
    expect(cursors.open(unkeyed(['c1', '5', '']))).toBeUndefined();
    expect(cursors.open(unkeyed(['a1', '5', ',,']))).toBeUndefined();
  });

  it('refuse any change: a field, the signature, a part added or taken away, another spelling', () => {
    const cursor = cursors.seal(['c1', '5', 'sold']);
    const [version, id, status, mac = ''] = raw(cursor).split('.');
    expect(cursors.open(wrap(`${version}.6.${status}.${mac}`))).toBeUndefined();
    expect(cursors.open(wrap(`${version}.${id}.${status}.${mac.slice(0, -1)}A`))).toBeUndefined();
    expect(cursors.open(wrap(`${version}.${id}.${status}.${mac.slice(0, 10)}`))).toBeUndefined();
    expect(cursors.open(wrap(`${raw(cursor)}.more`))).toBeUndefined();
    expect(cursors.open(wrap(`x.${raw(cursor)}`))).toBeUndefined();
    expect(cursors.open(`${cursor}A`)).toBeUndefined();
    // The last character of base64url carries spare bits: a second spelling of the same bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = Array.from(alphabet, (other) => `${cursor.slice(0, -1)}${other}`).find(
      (other) =>
        other !== cursor &&
        Buffer.from(other, 'base64url').equals(Buffer.from(cursor, 'base64url')),
    );
    expect(sibling).toBeDefined();
    expect(cursors.open(sibling!)).toBeUndefined();
    expect(cursors.open('')).toBeUndefined();
    expect(cursors.open('bm90LWEtY3Vyc29y')).toBeUndefined();
  });

  it('refuse to work without a secret (the CLI in production, which pages nothing)', () => {
    const none = new Cursors(undefined);
    expect(() => none.seal(['c1', '1', ''])).toThrow('CURSOR_SECRET is not set');
  });
});
