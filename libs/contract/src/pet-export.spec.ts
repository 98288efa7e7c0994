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
  ])('%j gives %s', (accept, type) => {
    expect(petsMediaType(accept)).toBe(type);
  });
});
