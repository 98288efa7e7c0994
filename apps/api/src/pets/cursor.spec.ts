// Page cursors of the pets list: they read back as the position and filters they were made for,
// stay short and URL-safe, and are refused once edited, cut, extended or made for other filters.
import { describe, expect, it } from 'vitest';
import { Cursors } from '../paging/cursor.js';
import { DEVELOPMENT_CURSOR_SECRET } from '../config/config.schema.js';
import { CURSOR_MAX_LENGTH } from '@pets/contract';
import { decodeCursor, encodeCursor, nameDigest } from './cursor.js';

const cursors = new Cursors(DEVELOPMENT_CURSOR_SECRET);
const raw = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8');
const wrap = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('page cursors', () => {
  it('read back as the position and filter they were made for', () => {
    expect(decodeCursor(cursors, encodeCursor(cursors, { afterId: 42, status: 'sold' }))).toEqual({
      afterId: 42,
      status: 'sold',
    });
    expect(decodeCursor(cursors, encodeCursor(cursors, { afterId: 7, status: undefined }))).toEqual(
      {
        afterId: 7,
        status: undefined,
      },
    );
    expect(
      decodeCursor(
        cursors,
        encodeCursor(cursors, { afterId: Number.MAX_SAFE_INTEGER, status: undefined }),
      ),
    ).toEqual({ afterId: Number.MAX_SAFE_INTEGER, status: undefined });
  });

  it('carry the owner filter, and keep their earlier forms without it', () => {
    const all = { afterId: 9, status: 'sold', categoryId: 3, name: 'Ÿv.é', owner: 'me' } as const;
    expect(decodeCursor(cursors, encodeCursor(cursors, all))).toEqual({
      afterId: 9,
      status: 'sold',
      categoryId: 3,
      nameDigest: nameDigest('Ÿv.é'),
      owner: 'me',
    });
    expect(
      decodeCursor(cursors, encodeCursor(cursors, { afterId: 9, status: undefined, owner: 'me' })),
    ).toEqual({
      afterId: 9,
      status: undefined,
      categoryId: undefined,
      nameDigest: undefined,
      owner: 'me',
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
