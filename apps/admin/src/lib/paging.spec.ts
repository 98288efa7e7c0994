/**
 * Proves the cursor helpers: the cursor of a next link, the earlier cursors kept in the history,
 * and which cursors from the address are kept.
 */
import { CURSOR_MAX_LENGTH } from '@pets/contract';
import { describe, expect, it } from 'vitest';
import { cursorOf, cursorParam, previousCursorsOf } from './paging.js';

describe('cursorOf', () => {
  it("takes the cursor from the API's next link", () => {
    expect(cursorOf('http://localhost:3000/v1/pets?limit=20&cursor=MjA')).toBe('MjA');
    expect(cursorOf(undefined)).toBeUndefined();
  });
});

describe('previousCursorsOf', () => {
  it('accepts only a list of strings from history.state', () => {
    expect(previousCursorsOf({ previous: ['', 'abc'] })).toEqual(['', 'abc']);
    expect(previousCursorsOf({ previous: [1] })).toEqual([]);
    expect(previousCursorsOf(null)).toEqual([]);
  });
});

describe('cursorParam', () => {
  it('keeps what could be a cursor and drops the rest', () => {
    expect(cursorParam('abc_D-9')).toBe('abc_D-9');
    expect(cursorParam('a b')).toBeUndefined();
    expect(cursorParam('')).toBeUndefined();
    expect(cursorParam(null)).toBeUndefined();
    expect(cursorParam('x'.repeat(CURSOR_MAX_LENGTH + 1))).toBeUndefined();
  });
});
