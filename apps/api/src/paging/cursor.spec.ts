// Cursors open what they sealed, under the shared secret only, and refuse any change to a cursor,
// one forged without the key, and working without a secret. The pets list's cursors read back as the
// position and filters they were made for, stay short and URL-safe, and are refused once edited,
// cut, extended or made for other filters.
import { createHmac } from 'node:crypto';
import { CURSOR_MAX_LENGTH } from '@pets/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_CURSOR_SECRET } from '../config/config.schema.js';
import { unkeyed } from '../../test/cursors.js';
import { Cursors, decodeCursor, encodeCursor, nameDigest } from './cursor.js';

/** What a cursor of the pets list says of its order when it was made in id order without `q`. */
const IN_ID_ORDER = { sort: 'id', afterKey: '' } as const;

const cursors = new Cursors(DEVELOPMENT_CURSOR_SECRET);
const raw = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8');
const wrap = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

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

describe("the pets list's cursors", () => {
  it('read back as the position and filter they were made for', () => {
    expect(decodeCursor(cursors, encodeCursor(cursors, { afterId: 42, status: 'sold' }))).toEqual({
      afterId: 42,
      status: 'sold',
      ...IN_ID_ORDER,
    });
    expect(decodeCursor(cursors, encodeCursor(cursors, { afterId: 7, status: undefined }))).toEqual(
      {
        afterId: 7,
        status: undefined,
        ...IN_ID_ORDER,
      },
    );
    expect(
      decodeCursor(
        cursors,
        encodeCursor(cursors, { afterId: Number.MAX_SAFE_INTEGER, status: undefined }),
      ),
    ).toEqual({ afterId: Number.MAX_SAFE_INTEGER, status: undefined, ...IN_ID_ORDER });
  });

  it('carry the order, the search and the last name key, and refuse a key in id order', () => {
    const all = {
      afterId: 9,
      status: 'sold',
      categoryId: 3,
      name: 'b',
      owner: 'me',
      q: 'Ÿv. jr',
      sort: '-name',
      afterKey: 'zz.😀',
    } as const;
    const cursor = encodeCursor(cursors, all);
    expect(raw(cursor)).toMatch(/^c4\./);
    expect(decodeCursor(cursors, cursor)).toEqual({
      afterId: 9,
      status: 'sold',
      categoryId: 3,
      nameDigest: nameDigest('b'),
      owner: 'me',
      qDigest: nameDigest('Ÿv. jr'),
      sort: '-name',
      afterKey: 'zz.😀',
    });
    expect(
      decodeCursor(cursors, encodeCursor(cursors, { afterId: 2, status: undefined, sort: '-id' })),
    ).toEqual({
      afterId: 2,
      status: undefined,
      categoryId: undefined,
      nameDigest: undefined,
      qDigest: undefined,
      sort: '-id',
      afterKey: '',
    });
    const keyInIdOrder = {
      afterId: 2,
      status: undefined,
      sort: 'id',
      q: 'a',
      afterKey: 'a',
    } as const;
    expect(decodeCursor(cursors, encodeCursor(cursors, keyInIdOrder))).toBeUndefined();
  });

  it('carry, in name order, the bound of their walk, and keep their earlier form without it', () => {
    const walk = { afterId: 9, status: undefined, sort: 'name', afterKey: 'rex' } as const;
    const bounded = encodeCursor(cursors, { ...walk, namedBelow: 123_000 });
    expect(raw(bounded)).toMatch(/^c5\./);
    expect(decodeCursor(cursors, bounded)).toEqual({
      afterId: 9,
      status: undefined,
      categoryId: undefined,
      nameDigest: undefined,
      qDigest: undefined,
      sort: 'name',
      afterKey: 'rex',
      namedBelow: 123_000,
    });
    const before = encodeCursor(cursors, walk);
    expect(raw(before)).toMatch(/^c4\./);
    expect(decodeCursor(cursors, before)).not.toHaveProperty('namedBelow');
    // With every filter, the longest name key (400 bytes) and the highest bound, it still fits.
    const longest = encodeCursor(cursors, {
      afterId: Number.MAX_SAFE_INTEGER,
      status: 'available',
      categoryId: Number.MAX_SAFE_INTEGER,
      name: '😀'.repeat(100),
      owner: 'me',
      q: '😀'.repeat(100),
      sort: '-name',
      afterKey: '😀'.repeat(100),
      namedBelow: Number.MAX_SAFE_INTEGER,
    });
    expect(longest.length).toBeLessThanOrEqual(CURSOR_MAX_LENGTH);
    expect(decodeCursor(cursors, longest)?.namedBelow).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    ['in id order', ['c5', '9', '', '', '', '', 'id', '', '', '5']],
    ['without a bound', ['c5', '9', '', '', '', '', 'name', '', 'cmV4', '']],
    ['with a bound of 0', ['c5', '9', '', '', '', '', 'name', '', 'cmV4', '0']],
    ['with a bound not a number', ['c5', '9', '', '', '', '', 'name', '', 'cmV4', '1e3']],
    ['with a bound in a c4', ['c4', '9', '', '', '', '', 'name', '', 'cmV4', '5']],
  ])('with a bound are refused, even signed, %s', (_name, fields) => {
    expect(decodeCursor(cursors, cursors.seal(fields))).toBeUndefined();
  });

  it('carry the owner filter, and keep their earlier forms without it', () => {
    const all = { afterId: 9, status: 'sold', categoryId: 3, name: 'Ÿv.é', owner: 'me' } as const;
    expect(decodeCursor(cursors, encodeCursor(cursors, all))).toEqual({
      afterId: 9,
      status: 'sold',
      categoryId: 3,
      nameDigest: nameDigest('Ÿv.é'),
      owner: 'me',
      ...IN_ID_ORDER,
    });
    expect(
      decodeCursor(cursors, encodeCursor(cursors, { afterId: 9, status: undefined, owner: 'me' })),
    ).toEqual({
      afterId: 9,
      status: undefined,
      categoryId: undefined,
      nameDigest: undefined,
      owner: 'me',
      ...IN_ID_ORDER,
    });
    expect(raw(encodeCursor(cursors, { afterId: 9, status: undefined, owner: 'me' }))).toMatch(
      /^c3\./,
    );
    expect(raw(encodeCursor(cursors, { afterId: 9, status: 'sold', categoryId: 3 }))).toMatch(
      /^c2\./,
    );
    expect(raw(encodeCursor(cursors, { afterId: 9, status: 'sold' }))).toMatch(/^c1\./);
    expect(
      decodeCursor(cursors, encodeCursor(cursors, { afterId: 9, status: 'sold', name: 'Rex' })),
    ).toEqual({
      afterId: 9,
      status: 'sold',
      categoryId: undefined,
      nameDigest: nameDigest('Rex'),
      ...IN_ID_ORDER,
    });
  });

  it('hold a name as its digest: the longest filters make a cursor far below the length a cursor may have', () => {
    const longest = {
      afterId: Number.MAX_SAFE_INTEGER,
      status: 'available',
      categoryId: Number.MAX_SAFE_INTEGER,
      name: '😀'.repeat(100),
      owner: 'me',
    } as const;
    const cursor = encodeCursor(cursors, longest);
    expect(cursor.length).toBeLessThanOrEqual(127);
    expect(cursor.length).toBeLessThan(CURSOR_MAX_LENGTH);
    expect(decodeCursor(cursors, cursor)?.nameDigest).toBe(nameDigest(longest.name));
    expect(nameDigest('Rex')).not.toBe(nameDigest('rex'));
    expect(nameDigest('Rex')).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('are refused, even signed, for a name digest of another shape', () => {
    expect(decodeCursor(cursors, cursors.seal(['c2', '9', '', '', 'UmV4']))).toBeUndefined();
  });

  it.each([
    ['an owner filter that does not exist', ['c3', '9', '', '', '', 'you']],
    ['an empty owner filter', ['c3', '9', '', '', '', '']],
    ['an owner filter missing', ['c3', '9', '', '', '']],
    ['an owner filter in an older form', ['c2', '9', '', '', '', 'me']],
  ])('are refused, even signed, for %s', (_name, fields) => {
    expect(decodeCursor(cursors, cursors.seal(fields))).toBeUndefined();
  });

  it('are opaque URL-safe text', () => {
    expect(encodeCursor(cursors, { afterId: 123, status: 'pending' })).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('are refused with a part added, even when the rest is intact', () => {
    const cursor = encodeCursor(cursors, { afterId: 5, status: undefined });
    expect(decodeCursor(cursors, wrap(`${raw(cursor)}.more`))).toBeUndefined();
    expect(decodeCursor(cursors, wrap(`x.${raw(cursor)}`))).toBeUndefined();
  });

  it('are refused with a part missing', () => {
    const parts = raw(encodeCursor(cursors, { afterId: 5, status: 'sold' })).split('.');
    expect(decodeCursor(cursors, wrap(parts.slice(0, 3).join('.')))).toBeUndefined();
    expect(decodeCursor(cursors, wrap(parts.slice(1).join('.')))).toBeUndefined();
  });

  it('are refused when the position or filter was edited under the old signature', () => {
    const [version, , status, sum] = raw(
      encodeCursor(cursors, { afterId: 5, status: 'sold' }),
    ).split('.');
    expect(decodeCursor(cursors, wrap(`${version}.6.${status}.${sum}`))).toBeUndefined();
    expect(decodeCursor(cursors, wrap(`${version}.5.available.${sum}`))).toBeUndefined();
    expect(decodeCursor(cursors, wrap(`c2.5.${status}.${sum}`))).toBeUndefined();
  });

  // Only we can sign a cursor, but the position is checked as well: a secret may leak.
  it.each([
    ['0', 0],
    ['a negative id', -5],
    ['a fraction in exponent form', 5e-7],
    ['a large number in exponent form', 1e21],
    ['beyond 2^53 - 1', 2 ** 53],
    ['more than 16 digits', 10 ** 16],
  ])('are refused, even signed, for %s', (_name, afterId) => {
    expect(
      decodeCursor(cursors, encodeCursor(cursors, { afterId, status: undefined })),
    ).toBeUndefined();
  });

  it('are refused, even signed, for a status that does not exist', () => {
    expect(
      decodeCursor(
        cursors,
        encodeCursor(cursors, { afterId: 5, status: 'lost' as unknown as undefined }),
      ),
    ).toBeUndefined();
  });

  it('are refused when not base64url of a cursor at all', () => {
    expect(decodeCursor(cursors, '')).toBeUndefined();
    expect(decodeCursor(cursors, 'bm90LWEtY3Vyc29y')).toBeUndefined();
  });
});
