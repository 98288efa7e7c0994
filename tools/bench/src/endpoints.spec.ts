// Choosing the endpoints to measure with --endpoint: those whose name contains the text, and a
// refusal naming them all when none does.
import { expect, it } from 'vitest';
import { chooseEndpoints, type Endpoint } from './endpoints.js';

const all: Endpoint[] = ['GET /v1/pets?limit=20', 'POST /v1/pets', 'GET /healthz'].map((name) => ({
  name,
  target: { urls: [] },
}));

it('every endpoint without a filter, those whose name contains it with one', () => {
  expect(chooseEndpoints(all, undefined)).toEqual(all);
  expect(chooseEndpoints(all, '/v1/pets').map((e) => e.name)).toEqual([
    'GET /v1/pets?limit=20',
    'POST /v1/pets',
  ]);
});

it('refuses a filter no endpoint matches, naming the endpoints there are', () => {
  expect(() => chooseEndpoints(all, 'DELETE')).toThrow(
    'No endpoint\'s name contains "DELETE"; they are: GET /v1/pets?limit=20, POST /v1/pets, GET /healthz',
  );
});
