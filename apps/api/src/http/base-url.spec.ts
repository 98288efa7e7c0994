// A `Link` header's query values are written exactly as URLSearchParams writes them.
import { describe, expect, it } from 'vitest';
import { formEncoded } from './base-url.js';

describe('a Link query value', () => {
  it.each([
    'Rex',
    'available',
    'YzF8MjA-_.',
    '42',
    '',
    'Mr Whiskers',
    'a+b&c=d',
    "it's (fine) ~ ! *",
    '100%',
    'Ünïcödé',
    '🐶 dog',
    '/?#[]@',
  ])('is written as URLSearchParams writes %j', (value) => {
    expect(formEncoded(value)).toBe(new URLSearchParams({ v: value }).toString().slice(2));
  });
});
