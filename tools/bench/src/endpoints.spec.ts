// Choosing the endpoints to measure with --endpoint: those whose name contains the text, and a
// refusal naming them all when none does; the order row's supply of available pets.
import { expect, it } from 'vitest';
import {
  chooseEndpoints,
  type Endpoint,
  FIRST_GUESS_PER_SECOND,
  PetSupply,
  petsNeeded,
  SUPPLY_MARGIN,
} from './endpoints.js';

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

it("a run is given the pets its orders need: the last run's rate (or a first guess) for its length, with a margin", () => {
  expect(petsNeeded(8, undefined)).toBe(Math.ceil(FIRST_GUESS_PER_SECOND * 8 * SUPPLY_MARGIN));
  expect(petsNeeded(2, 1_000)).toBe(Math.ceil(2_000 * SUPPLY_MARGIN));
  // A smoke run asks for half a second and lasts about one (autocannon samples each second).
  expect(petsNeeded(0.5, 7_000)).toBe(Math.ceil(7_000 * SUPPLY_MARGIN));
});

it('orders each pet once, tops up before each run from how fast the last one ordered, and repeats the last pet once none is left', async () => {
  const asked: number[] = [];
  let made = 0;
  const supply = new PetSupply((count) => {
    asked.push(count);
    return Promise.resolve(Array.from({ length: count }, () => ++made));
  });
  await supply.prepare({ connections: 1, amount: 3 });
  const bodies = Array.from({ length: 4 }, () => supply.nextBody());
  expect(bodies).toEqual([1, 2, 3, 3].map((petId) => JSON.stringify({ petId })));
  // 4 orders in 0 s (an amount, no duration): no rate learned, so the first guess.
  await supply.prepare({ connections: 1, duration: 2 });
  expect(asked).toEqual([3, petsNeeded(2, undefined)]);
  for (let n = 0; n < 100; n++) supply.nextBody();
  // 100 orders over 2 s: 50 a second. The pets left over count towards the next run.
  await supply.prepare({ connections: 1, duration: 4 });
  expect(asked).toEqual([3, petsNeeded(2, undefined)]);
  const left = petsNeeded(2, undefined) - 100;
  expect(petsNeeded(4, 50)).toBeLessThan(left);
  expect(supply.nextBody()).toBe(JSON.stringify({ petId: 3 + 101 }));
});

it('supplies a long run (--duration 30 at the first guess: 270,000 pets) without running out of stack', async () => {
  const supply = new PetSupply((count) =>
    Promise.resolve(Array.from({ length: count }, (_, i) => i + 1)),
  );
  await supply.prepare({ connections: 1, duration: 30 });
  const needed = petsNeeded(30, undefined);
  expect(needed).toBeGreaterThan(250_000);
  for (let n = 1; n < needed; n++) supply.nextBody();
  expect(supply.nextBody()).toBe(JSON.stringify({ petId: needed }));
});
