// GET /v1/pets?owner=me on each database: a partner's own pets, for staff also those made before
// owners were recorded, with the other filters and paging, and refused for any other owner value.
import type { Pet } from '@pets/contract';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount } from '../../test/factories.js';
import { expectProblem, nextLink } from '../../test/requests.js';
import { createTestApp, ENGINES, type TestApp } from '../../test/test-app.js';

type Key = { key: string; accountId: number; keyId: number };

/** `GET /v1/pets?owner=me` on a database of its own, so whose each pet is is known exactly. */
describe.each(ENGINES)('GET /v1/pets?owner=me on %s', (engine) => {
  let t: TestApp;
  let staff: Key;
  let otherStaff: Key;
  let alpha: Key;
  let beta: Key;
  /** Each pet by name. */
  const pets = new Map<string, Pet>();

  const names = async (key: string, query: string) => {
    const response = await t.as(key).get(`/v1/pets?${query}`);
    expect(response.statusCode, query).toBe(200);
    return response.json<Pet[]>().map((pet) => pet.name);
  };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    staff = await t.createKey(anAccount({ name: 'Staff', role: 'staff' }));
    otherStaff = await t.createKey(anAccount({ name: 'Other staff', role: 'staff' }));
    alpha = await t.createKey(anAccount({ name: 'Alpha' }));
    beta = await t.createKey(anAccount({ name: 'Beta' }));
    const made: [Key, string, number, Pet['status']][] = [
      [alpha, 'Old Rex', 1, 'available'],
      [alpha, 'Alpha one', 1, 'available'],
      [beta, 'Beta one', 1, 'available'],
      [staff, 'Staff one', 1, 'available'],
      [alpha, 'Alpha two', 2, 'sold'],
      [otherStaff, 'Other staff one', 1, 'available'],
      [staff, 'Staff two', 2, 'pending'],
      [alpha, 'Alpha gone', 1, 'available'],
      [beta, 'Beta two', 1, 'pending'],
      [alpha, 'Alpha three', 1, 'available'],
    ];
    for (const [owner, name, categoryId, status] of made) {
      const response = await t.as(owner.key).post('/v1/pets', { name, categoryId, status });
      expect(response.statusCode).toBe(201);
      pets.set(name, response.json<Pet>());
    }
    // A pet from before ownership was recorded: staff's.
    await t.app
      .get(DataSource)
      .query(`UPDATE pets SET owner_account_id = NULL WHERE id = ${pets.get('Old Rex')?.id}`);
    const removed = await t.as(staff.key).delete(`/v1/pets/${pets.get('Alpha gone')?.id}`);
    expect(removed.statusCode).toBe(204);
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists a partner's own pets only, in id order", async () => {
    expect(await names(alpha.key, 'owner=me')).toEqual(['Alpha one', 'Alpha two', 'Alpha three']);
    expect(await names(beta.key, 'owner=me')).toEqual(['Beta one', 'Beta two']);
    const all = await t.as(alpha.key).get('/v1/pets?owner=me');
    expect(all.json<Pet[]>()[0]).toEqual(pets.get('Alpha one'));
  });

  it("lists for staff the pets its account created and those from before owners were recorded, not other accounts'", async () => {
    expect(await names(staff.key, 'owner=me')).toEqual(['Old Rex', 'Staff one', 'Staff two']);
    expect(await names(otherStaff.key, 'owner=me')).toEqual(['Old Rex', 'Other staff one']);
    // Without the filter, everyone still sees every pet.
    expect(await names(beta.key, '')).toHaveLength(9);
  });

  it('combines with status, categoryId and name', async () => {
    expect(await names(alpha.key, 'owner=me&status=available')).toEqual([
      'Alpha one',
      'Alpha three',
    ]);
    expect(await names(alpha.key, 'owner=me&categoryId=2')).toEqual(['Alpha two']);
    expect(await names(alpha.key, 'owner=me&name=ALPHA%20T')).toEqual(['Alpha two', 'Alpha three']);
    expect(await names(alpha.key, 'owner=me&status=available&categoryId=1&name=alpha')).toEqual([
      'Alpha one',
      'Alpha three',
    ]);
    expect(await names(beta.key, 'owner=me&name=alpha')).toEqual([]);
    expect(await names(staff.key, 'owner=me&status=available&categoryId=1')).toEqual([
      'Old Rex',
      'Staff one',
    ]);
    expect(await names(staff.key, 'owner=me&name=staff%20t')).toEqual(['Staff two']);
    expect(await names(staff.key, 'owner=me&name=old')).toEqual(['Old Rex']);
  });

  it.each([
    ['a partner', () => alpha, ['Alpha one', 'Alpha two', 'Alpha three']],
    ['staff', () => staff, ['Old Rex', 'Staff one', 'Staff two']],
  ])('pages for %s one pet at a time, each Link keeping the filter', async (_who, caller, all) => {
    const { key } = caller();
    const first = await t.as(key).get('/v1/pets?owner=me&limit=1');
    expect(first.headers.link).toMatch(
      /^<http:\/\/localhost:80\/v1\/pets\?limit=1&owner=me&cursor=[A-Za-z0-9_-]+>; rel="next"$/,
    );
    const seen = first.json<Pet[]>().map((pet) => pet.name);
    let next = nextLink(first);
    while (next) {
      expect(next.searchParams.get('owner')).toBe('me');
      const page = await t.as(key).get(next.pathname + next.search);
      expect(page.statusCode).toBe(200);
      seen.push(...page.json<Pet[]>().map((pet) => pet.name));
      next = nextLink(page);
    }
    expect(seen).toEqual(all);
  });

  it('pages with the other filters too', async () => {
    const first = await t
      .as(alpha.key)
      .get('/v1/pets?owner=me&status=available&name=alpha&limit=1');
    expect(first.json<Pet[]>().map((pet) => pet.name)).toEqual(['Alpha one']);
    const next = nextLink(first);
    expect(next?.search).toMatch(/^\?limit=1&status=available&name=alpha&owner=me&cursor=/);
    const second = await t.as(alpha.key).get(`${next?.pathname}${next?.search}`);
    expect(second.json<Pet[]>().map((pet) => pet.name)).toEqual(['Alpha three']);
    expect(second.headers.link).toBeUndefined();
  });

  it("resolves `me` to the caller on every page: another account's Link lists its own pets", async () => {
    const first = await t.as(alpha.key).get('/v1/pets?owner=me&limit=1');
    const next = nextLink(first);
    const taken = await t.as(beta.key).get(`${next?.pathname}${next?.search}`);
    expect(taken.statusCode).toBe(200);
    expect(taken.json<Pet[]>().map((pet) => pet.name)).toEqual(['Beta one']);
  });

  it('refuses a cursor from a different set of filters', async () => {
    const owned = nextLink(await t.as(alpha.key).get('/v1/pets?owner=me&limit=1'));
    const plain = nextLink(await t.as(alpha.key).get('/v1/pets?limit=1'));
    const ownedCursor = owned?.searchParams.get('cursor') ?? '';
    const plainCursor = plain?.searchParams.get('cursor') ?? '';
    for (const query of [
      `cursor=${ownedCursor}`,
      `categoryId=1&owner=me&cursor=${ownedCursor}`,
      `owner=me&cursor=${plainCursor}`,
    ]) {
      const response = await t.as(alpha.key).get(`/v1/pets?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({
        code: 'invalid_query',
        message: 'The query string is invalid: cursor belongs to different filters.',
        status: 400,
        details: [{ field: 'cursor', issue: 'belongs to different filters' }],
      });
    }
  });

  it.each(['owner=you', 'owner=ME', 'owner=', 'owner=me%20', 'owner=all', 'owner=42'])(
    'refuses %s with 400 invalid_query',
    async (query) => {
      const response = await t.as(alpha.key).get(`/v1/pets?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        code: 'invalid_query',
        message: 'The query string is invalid: owner must be `me`.',
        status: 400,
        details: [{ field: 'owner', issue: 'must be `me`' }],
      });
    },
  );

  it('refuses owner given twice', async () => {
    const response = await t.as(alpha.key).get('/v1/pets?owner=me&owner=me');
    expectProblem(response, {
      code: 'invalid_query',
      message: 'The query string is invalid: owner must be given once.',
      status: 400,
      details: [{ field: 'owner', issue: 'must be given once' }],
    });
  });
});
