// getPet's deprecation: its dates, and the Deprecation, Sunset and Link headers the API sends
// with it.
import { describe, expect, it } from 'vitest';
import {
  GET_PET_DEPRECATED_AT,
  GET_PET_DEPRECATION_HEADER,
  GET_PET_SUNSET_AT,
  GET_PET_SUNSET_HEADER,
  getPetLinkHeader,
} from './deprecation.js';

describe('the deprecation of getPet', () => {
  it('is deprecated since 1 January 2026 and removed on 5 December 2030 (UTC)', () => {
    expect(GET_PET_DEPRECATED_AT.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(GET_PET_SUNSET_AT.toISOString()).toBe('2030-12-05T00:00:00.000Z');
  });

  it('sends Deprecation as `@` and Unix seconds (RFC 9745)', () => {
    expect(GET_PET_DEPRECATION_HEADER).toBe('@1767225600');
  });

  it('sends Sunset as an HTTP date (RFC 8594)', () => {
    expect(GET_PET_SUNSET_HEADER).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
  });

  it('links the successor on the caller’s base address and the notice in the docs', () => {
    expect(getPetLinkHeader('https://api.example.com/v1')).toBe(
      '<https://api.example.com/v1/pets?status=available>; rel="successor-version", </docs#deprecations>; rel="deprecation"',
    );
    expect(getPetLinkHeader('http://localhost:3000/v1')).toContain(
      '<http://localhost:3000/v1/pets?status=available>',
    );
  });
});
