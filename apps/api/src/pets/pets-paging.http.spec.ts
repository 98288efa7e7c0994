// How GET /v1/pets pages on each database (docs/team/guarantees.md): ascending id with an absolute
// Link and none on the last page, and edited or impossible cursors refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount } from '../../test/factories.js';
import { expectNextPath, expectProblem, followLinks, nextLink } from '../../test/requests.js';
import { createTestApp, ENGINES, type TestApp } from '../../test/test-app.js';
import { Cursors, encodeCursor } from '../paging/cursor.js';

/** Paging on a database of its own, so the pets on each page are known exactly. */
describe.each(ENGINES)('GET /v1/pets paging on %s', (engine) => {
  let fresh: TestApp;

  beforeAll(async () => {
    fresh = await createTestApp({ engine });
  });
  afterAll(async () => {
    await fresh.close();
  });

  it('pages in ascending id with an absolute Link, and none on the last page', async () => {
    const { key } = await fresh.createKey(anAccount());
    for (let i = 1; i <= 25; i++) {
      await fresh.as(key).post('/v1/pets', {
        name: `Pet ${i}`,
        categoryId: 1,
        status: i % 5 === 0 ? 'sold' : 'available',
      });
    }
    const empty = await fresh.as(key).get('/v1/pets?status=pending');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
    expect(empty.headers.link).toBeUndefined();

    const first = await fresh.as(key).get('/v1/pets');
    expect(first.statusCode).toBe(200);
    const firstPage = first.json<{ id: number; name: string }[]>();
    expect(firstPage).toHaveLength(20);
    expect(firstPage.map((p) => p.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Pet ${i + 1}`),
    );
    expect(firstPage.map((p) => p.id)).toEqual(
      [...firstPage.map((p) => p.id)].sort((a, b) => a - b),
    );
    expect(first.headers.link).toMatch(
      /^<http:\/\/localhost:80\/v1\/pets\?limit=20&cursor=[A-Za-z0-9_-]+>; rel="next"$/,
    );

    const second = await fresh.as(key).get(expectNextPath(first));
    expect(second.json<{ name: string }[]>().map((p) => p.name)).toEqual([
      'Pet 21',
      'Pet 22',
      'Pet 23',
      'Pet 24',
      'Pet 25',
    ]);
    expect(second.headers.link).toBeUndefined();

    const sold = await fresh.as(key).get('/v1/pets?status=sold&limit=2');
    expect(sold.json<{ name: string }[]>().map((p) => p.name)).toEqual(['Pet 5', 'Pet 10']);
    expect(sold.headers.link).toMatch(
      /^<http:\/\/localhost:80\/v1\/pets\?limit=2&status=sold&cursor=[A-Za-z0-9_-]+>; rel="next"$/,
    );
    const soldNext = nextLink(sold)!;
    const sold2 = await fresh.as(key).get(expectNextPath(sold));
    expect(sold2.json<{ name: string }[]>().map((p) => p.name)).toEqual(['Pet 15', 'Pet 20']);
    const sold3 = await fresh.as(key).get(expectNextPath(sold2));
    expect(sold3.json<{ name: string }[]>().map((p) => p.name)).toEqual(['Pet 25']);
    expect(sold3.headers.link).toBeUndefined();

    // A cursor is tied to its filter.
    const crossed = await fresh
      .as(key)
      .get(`${soldNext.pathname}?cursor=${soldNext.searchParams.get('cursor') ?? ''}`);
    expectProblem(crossed, {
      code: 'invalid_query',
      message: 'The query string is invalid: cursor belongs to a different status filter.',
      status: 400,
      details: [{ field: 'cursor', issue: 'belongs to a different status filter' }],
    });
  });

  it('refuses a well-formed cursor whose position or filter was edited (its signature no longer fits)', async () => {
    const { key } = await fresh.createKey(anAccount());
    const page = await fresh.as(key).get('/v1/pets?limit=2');
    const cursor = nextLink(page)?.searchParams.get('cursor') ?? '';
    const [version, id, status, sum] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
    // 128 bits of an HMAC-SHA256: 16 bytes in base64url.
    expect([version, status, sum?.length]).toEqual(['c1', '', 22]);
    // Each edit keeps the cursor's form (four parts, a valid id, a known status) and its old
    // signature: skipping ahead, skipping back, or switching the filter must all be refused.
    const edits = [
      `${version}.${Number(id) + 5}.${status}.${sum}`,
      `${version}.1.${status}.${sum}`,
      `${version}.${id}.sold.${sum}`,
    ];
    for (const edited of edits) {
      const response = await fresh
        .as(key)
        .get(`/v1/pets?limit=2&cursor=${Buffer.from(edited, 'utf8').toString('base64url')}`);
      expect(response.statusCode, edited).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'invalid_query',
        details: [{ field: 'cursor' }],
      });
    }
    // The cursor as it was still works.
    const same = await fresh.as(key).get(`/v1/pets?limit=2&cursor=${cursor}`);
    expect(same.statusCode).toBe(200);
  });

  it('a page that ends exactly at the last pet has no Link, whether first or later', async () => {
    // The first test made 25 pets: 5 sold and 20 available.
    const { key } = await fresh.createKey(anAccount());
    const sold = await fresh.as(key).get('/v1/pets?status=sold&limit=5');
    expect(sold.json<unknown[]>()).toHaveLength(5);
    expect(sold.headers.link).toBeUndefined();

    const first = await fresh.as(key).get('/v1/pets?status=available&limit=10');
    expect(first.json<unknown[]>()).toHaveLength(10);
    const second = await fresh.as(key).get(expectNextPath(first));
    expect(second.json<{ name: string }[]>()).toHaveLength(10);
    expect(second.json<{ name: string }[]>().at(-1)?.name).toBe('Pet 24');
    expect(second.headers.link).toBeUndefined();
  });

  it('refuses a signed cursor at an impossible position', async () => {
    const { key } = await fresh.createKey(anAccount());
    for (const afterId of [0, -1, 2 ** 53]) {
      const cursor = encodeCursor(fresh.app.get(Cursors), { afterId, status: undefined });
      const response = await fresh.as(key).get(`/v1/pets?cursor=${cursor}`);
      expect(response.statusCode, String(afterId)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'invalid_query',
        details: [{ field: 'cursor', issue: 'is not a valid cursor' }],
      });
    }
  });

  // Last: it adds pets the tests above would count.
  it('follows Link under the longest name filter there is (100 characters of four bytes)', async () => {
    const { key } = await fresh.createKey(anAccount());
    const name = '😀'.repeat(100);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await fresh
        .as(key)
        .post('/v1/pets', { name, categoryId: 1 }, { 'idempotency-key': `long-name-${i}` });
      expect(created.statusCode).toBe(201);
      ids.push(created.json<{ id: number }>().id);
    }
    const seen = await followLinks<{ id: number }>(
      (url) => fresh.as(key).get(url),
      `/v1/pets?limit=1&name=${encodeURIComponent(name)}`,
    );
    expect(seen.map((pet) => pet.id)).toEqual(ids);
  });
});
