// How `Accept` chooses between the pets list's JSON and its CSV (docs/partners/pets.md).
import { describe, expect, it } from 'vitest';
import { petsMediaType } from './pet-export.js';

describe('petsMediaType', () => {
  it.each([
    [undefined, 'application/json'],
    ['', 'application/json'],
    ['application/json', 'application/json'],
    ['text/csv', 'text/csv'],
    ['text/csv; charset=utf-8', 'text/csv'],
    ['text/csv, application/json;q=0.5', 'text/csv'],
    ['application/json, text/csv;q=0.5', 'application/json'],
    ['text/csv;q=0.5, application/json;q=0.5', 'application/json'],
    ['*/*', 'application/json'],
    ['text/csv, */*', 'application/json'],
    ['text/*', 'text/csv'],
    ['text/*, application/json;q=0.9', 'text/csv'],
    ['application/json;q=0, text/csv', 'text/csv'],
    ['text/csv;q=0', 'application/json'],
    ['application/xml', 'application/json'],
    ['TEXT/CSV', 'text/csv'],
    ['text/csv;q=bad', 'application/json'],
    ['text/html, text/csv;q=0.8, */*;q=0.1', 'text/csv'],
    // Only a parameter named q weighs; spaces around its = are allowed.
    ['text/csv;xq=0', 'text/csv'],
    ['text/csv;qq=0', 'text/csv'],
    ['text/csv;q = 0.5, application/json;q=0.4', 'text/csv'],
    // A range named twice weighs its highest q; a range that is no media type matches nothing.
    ['text/csv;q=0.1, text/csv;q=0.9, application/json;q=0.5', 'text/csv'],
    ['x text/csv', 'application/json'],
  ])('%j gives %s', (accept, type) => {
    expect(petsMediaType(accept)).toBe(type);
  });
});
