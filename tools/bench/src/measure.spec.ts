// The load generator's list of paths: taken in turn across every request, the rest of the request
// kept.
import type autocannon from 'autocannon';
import { expect, it } from 'vitest';
import { nextPath } from './measure.js';

it('takes the paths in turn across every request, keeping the rest of the request', () => {
  const next = nextPath(['/a', '/b', '/c']);
  const request = { method: 'GET', headers: { authorization: 'Bearer k' } } as autocannon.Request;
  const taken = Array.from({ length: 7 }, () => next(request));
  expect(taken.map((r) => r.path)).toEqual(['/a', '/b', '/c', '/a', '/b', '/c', '/a']);
  expect(taken.every((r) => r.headers?.['authorization'] === 'Bearer k')).toBe(true);
});
