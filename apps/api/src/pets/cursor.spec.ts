import { describe, expect, it } from 'vitest';
import { sealCursor } from '../common/cursor.js';
import { decodeCursor, encodeCursor } from './cursor.js';

const raw = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8');
const wrap = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('page cursors', () => {
  it('read back as the position and filter they were made for', () => {
    expect(decodeCursor(encodeCursor({ afterId: 42, status: 'sold' }))).toEqual({
      afterId: 42,
      status: 'sold',
    });
    expect(decodeCursor(encodeCursor({ afterId: 7, status: undefined }))).toEqual({
      afterId: 7,
      status: undefined,
    });
    expect(
      decodeCursor(encodeCursor({ afterId: Number.MAX_SAFE_INTEGER, status: undefined })),
    ).toEqual({ afterId: Number.MAX_SAFE_INTEGER, status: undefined });
  });

  it('carry the owner filter, and keep their earlier forms without it', () => {
    const all = { afterId: 9, status: 'sold', categoryId: 3, name: 'Ÿv.é', owner: 'me' } as const;
    expect(decodeCursor(encodeCursor(all))).toEqual(all);
    expect(decodeCursor(encodeCursor({ afterId: 9, status: undefined, owner: 'me' }))).toEqual({
      afterId: 9,
      status: undefined,
      categoryId: undefined,
      name: undefined,
      owner: 'me',
    });
    expect(raw(encodeCursor({ afterId: 9, status: undefined, owner: 'me' }))).toMatch(/^c3\./);
    expect(raw(encodeCursor({ afterId: 9, status: 'sold', categoryId: 3 }))).toMatch(/^c2\./);
    expect(raw(encodeCursor({ afterId: 9, status: 'sold' }))).toMatch(/^c1\./);
    expect(decodeCursor(encodeCursor({ afterId: 9, status: 'sold', name: 'Rex' }))).toEqual({
      afterId: 9,
      status: 'sold',
      categoryId: undefined,
      name: 'Rex',
    });
  });

  it.each([
    ['an owner filter that does not exist', ['c3', '9', '', '', '', 'you']],
    ['an empty owner filter', ['c3', '9', '', '', '', '']],
    ['an owner filter missing', ['c3', '9', '', '', '']],
    ['an owner filter in an older form', ['c2', '9', '', '', '', 'me']],
  ])('are refused, even checksummed, for %s', (_name, fields) => {
    expect(decodeCursor(sealCursor(fields))).toBeUndefined();
  });

  it('are opaque URL-safe text', () => {
    expect(encodeCursor({ afterId: 123, status: 'pending' })).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('are refused with a part added, even when the rest is intact', () => {
    const cursor = encodeCursor({ afterId: 5, status: undefined });
    expect(decodeCursor(wrap(`${raw(cursor)}.more`))).toBeUndefined();
    expect(decodeCursor(wrap(`x.${raw(cursor)}`))).toBeUndefined();
  });

  it('are refused with a part missing', () => {
    const parts = raw(encodeCursor({ afterId: 5, status: 'sold' })).split('.');
    expect(decodeCursor(wrap(parts.slice(0, 3).join('.')))).toBeUndefined();
    expect(decodeCursor(wrap(parts.slice(1).join('.')))).toBeUndefined();
  });

  it('are refused when the position or filter was edited under the old checksum', () => {
    const [version, , status, sum] = raw(encodeCursor({ afterId: 5, status: 'sold' })).split('.');
    expect(decodeCursor(wrap(`${version}.6.${status}.${sum}`))).toBeUndefined();
    expect(decodeCursor(wrap(`${version}.5.available.${sum}`))).toBeUndefined();
    expect(decodeCursor(wrap(`c2.5.${status}.${sum}`))).toBeUndefined();
  });

  // A cursor's checksum stops accidents, not forgery: anyone who learns how it is made can sign
  // any position, so the position is checked as well.
  it.each([
    ['0', 0],
    ['a negative id', -5],
    ['a fraction in exponent form', 5e-7],
    ['a large number in exponent form', 1e21],
    ['beyond 2^53 - 1', 2 ** 53],
    ['more than 16 digits', 10 ** 16],
  ])('are refused, even checksummed, for %s', (_name, afterId) => {
    expect(decodeCursor(encodeCursor({ afterId, status: undefined }))).toBeUndefined();
  });

  it('are refused, even checksummed, for a status that does not exist', () => {
    expect(
      decodeCursor(encodeCursor({ afterId: 5, status: 'lost' as unknown as undefined })),
    ).toBeUndefined();
  });

  it('are refused when not base64url of a cursor at all', () => {
    expect(decodeCursor('')).toBeUndefined();
    expect(decodeCursor('bm90LWEtY3Vyc29y')).toBeUndefined();
  });
});
