/**
 * Proves the pets page's view (search, filters, order) is read from its address as the API would
 * take it, and written back with only what differs from the defaults.
 */
import { NAME_MAX_LENGTH } from '@pets/contract';
import { describe, expect, it } from 'vitest';
import { parsePetsSearch, petsPath } from './pets-search.js';

describe('parsePetsSearch', () => {
  it('reads status, page size and cursor', () => {
    expect(parsePetsSearch('status=sold&limit=50&cursor=abc_D-9')).toEqual({
      status: 'sold',
      limit: 50,
      cursor: 'abc_D-9',
    });
  });

  it('falls back to all statuses, 20 a page and the first page', () => {
    expect(parsePetsSearch('')).toEqual({ status: undefined, limit: 20, cursor: undefined });
    expect(parsePetsSearch('?status=lost&limit=30&cursor=a%20b')).toEqual({
      status: undefined,
      limit: 20,
      cursor: undefined,
    });
  });
});

describe('the name and category filters', () => {
  it('are read as the API takes them, and left out when it would refuse them', () => {
    expect(parsePetsSearch('name=Re%20x&categoryId=7')).toEqual({
      status: undefined,
      name: 'Re x',
      categoryId: 7,
      limit: 20,
      cursor: undefined,
    });
    expect(parsePetsSearch(`name=&categoryId=0`)).toEqual(parsePetsSearch(''));
    expect(
      parsePetsSearch(`name=${'x'.repeat(NAME_MAX_LENGTH + 1)}&categoryId=x&owner=you`),
    ).toEqual(parsePetsSearch(''));
  });

  it('are written into the address and read back', () => {
    const view = {
      status: 'sold',
      name: 'Rex & co',
      categoryId: 3,
      owner: 'me',
      limit: 20,
      cursor: undefined,
    } as const;
    expect(petsPath(view)).toBe('/pets?status=sold&name=Rex+%26+co&categoryId=3&owner=me');
    expect(parsePetsSearch(petsPath(view).split('?')[1] ?? '')).toEqual(view);
  });
});

describe('petsPath', () => {
  it('writes what differs from the defaults, and reads back the same view', () => {
    const view = { status: 'pending', limit: 100, cursor: 'xyz' } as const;
    expect(petsPath(view)).toBe('/pets?status=pending&limit=100&cursor=xyz');
    expect(parsePetsSearch(petsPath(view).split('?')[1] ?? '')).toEqual(view);
    expect(petsPath({ status: undefined, limit: 20, cursor: undefined })).toBe('/pets');
  });
});

describe('the search and the order', () => {
  it('are read as the API takes them, and left out when it would refuse them or is its default', () => {
    expect(parsePetsSearch('q=biscuit%20jr&sort=-name')).toEqual({
      status: undefined,
      q: 'biscuit jr',
      sort: '-name',
      limit: 20,
      cursor: undefined,
    });
    expect(parsePetsSearch('q=%20%21&sort=id')).toEqual(parsePetsSearch(''));
    expect(parsePetsSearch('sort=age')).toEqual(parsePetsSearch(''));
  });

  it('are written into the address, the search first, and read back', () => {
    const view = { status: 'sold', q: 'jr', sort: 'name', limit: 20, cursor: undefined } as const;
    expect(petsPath(view)).toBe('/pets?q=jr&status=sold&sort=name');
    expect(parsePetsSearch(petsPath(view).split('?')[1] ?? '')).toEqual(view);
  });
});
