// GET /v1/pets with `q` and `sort` on each database: search by words (the start of a word for one
// or two characters, anywhere for more) whatever the case, accents or script; keyset pages in id
// or name order, either way, ties by id; cursors tied to their search and order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount } from '../../test/factories.js';
import { expectProblem, followLinks, nextLink } from '../../test/requests.js';
import { createTestApp, ENGINES, type TestApp } from '../../test/test-app.js';
import { Cursors, encodeCursor } from '../paging/cursor.js';

interface Listed {
  id: number;
  name: string;
  status: string;
}

describe.each(ENGINES)('GET /v1/pets search and order on %s', (engine) => {
  let t: TestApp;
  let key: string;
  const ids = new Map<string, number>();

  const create = async (name: string, status = 'available') => {
    const created = await t.as(key).post('/v1/pets', { name, categoryId: 1, status });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<Listed>();
    ids.set(name, id);
    return id;
  };
  /** The names of every pet a query lists, following `Link` to its end. */
  const names = async (query: string) =>
    (await followLinks<Listed>((url) => t.as(key).get(url), `/v1/pets?${query}`)).map(
      (pet) => pet.name,
    );
  const q = (words: string, more = '') =>
    names(`q=${encodeURIComponent(words)}${more === '' ? '' : `&${more}`}`);

  beforeAll(async () => {
    t = await createTestApp({ engine });
    ({ key } = await t.createKey(anAccount()));
    for (const name of [
      'Biscuit Jr.',
      'Waffles',
      'Café Noir',
      'Cafe\u0301 Crème',
      'Барсик',
      'Ωμέγα',
      '小白',
      'Hajrah',
      'Rex',
    ])
      await create(name);
    await create('Biscuit', 'sold');
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['jr', ['Biscuit Jr.']],
    ['JR.', ['Biscuit Jr.']],
    ['cuit', ['Biscuit Jr.', 'Biscuit']],
    [' waf', ['Waffles']],
    ['affle', ['Waffles']],
    ['cafe', ['Café Noir', 'Cafe\u0301 Crème']],
    ['CAFÉ creme', ['Cafe\u0301 Crème']],
    ['барс', ['Барсик']],
    ['БАРСИК', ['Барсик']],
    ['ωμεγα', ['Ωμέγα']],
    ['小白', ['小白']],
    ['小', ['小白']],
    ['jr bis', ['Biscuit Jr.']],
    ['jr waf', []],
    ['aj', []],
    ['x', []],
  ])('q=%j finds %j', async (words, found) => {
    expect(await q(words)).toEqual(found);
  });

  it('combines q with status, name, owner and sort', async () => {
    expect(await q('bis', 'status=sold')).toEqual(['Biscuit']);
    expect(await q('bis', 'status=available')).toEqual(['Biscuit Jr.']);
    expect(await q('cuit', 'name=biscuit%20j')).toEqual(['Biscuit Jr.']);
    expect(await q('cuit', 'owner=me&sort=-id')).toEqual(['Biscuit', 'Biscuit Jr.']);
    expect(await q('cuit', 'sort=name&limit=1')).toEqual(['Biscuit', 'Biscuit Jr.']);
    expect(await q('cuit', 'sort=-name&limit=1')).toEqual(['Biscuit Jr.', 'Biscuit']);
  });

  it('finds a renamed pet by its new name and not its old one', async () => {
    const id = await create('Pancake');
    const renamed = await t.as(key).patch(`/v1/pets/${id}`, { name: 'Crêpe Suzette' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await q('pancake')).toEqual([]);
    expect(await q('crepe su')).toEqual(['Crêpe Suzette']);
  });

  it('does not list a removed pet', async () => {
    const staff = await t.createKey(anAccount({ role: 'staff' }));
    const id = await create('Ghost');
    expect((await t.as(staff.key).delete(`/v1/pets/${id}`)).statusCode).toBe(204);
    expect(await q('ghost')).toEqual([]);
  });

  it('pages in each order across ties, never showing a pet twice', async () => {
    // Names of one key ("a", "A"): their ids break the tie.
    for (const name of ['zz b', 'zz A', 'zz a', 'zz C', 'zz b', 'zz c']) await create(name);
    const listed = (sort: string) =>
      followLinks<Listed>((url) => t.as(key).get(url), `/v1/pets?name=zz&limit=2&sort=${sort}`);
    const byId = await listed('id');
    const ascending = byId.map((pet) => pet.id);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect((await listed('-id')).map((pet) => pet.id)).toEqual([...ascending].reverse());
    const byName = [...byId].sort(
      (a, b) =>
        (a.name.toLowerCase() < b.name.toLowerCase()
          ? -1
          : a.name.toLowerCase() > b.name.toLowerCase()
            ? 1
            : 0) || a.id - b.id,
    );
    expect(await listed('name')).toEqual(byName);
    expect(await listed('-name')).toEqual([...byName].reverse());
    expect(byName.map((pet) => pet.name)).toEqual(['zz A', 'zz a', 'zz b', 'zz b', 'zz C', 'zz c']);
  });

  it('gives the order and the search in Link, as given', async () => {
    const page = await t.as(key).get('/v1/pets?limit=1&sort=-name&q=%20cuit');
    expect(page.statusCode).toBe(200);
    const next = nextLink(page);
    expect(next?.searchParams.get('sort')).toBe('-name');
    expect(next?.searchParams.get('q')).toBe(' cuit');
  });

  it('follows Link in name order past the longest name there is (100 characters of four bytes)', async () => {
    const name = '𝒜'.repeat(100);
    const made = [await create(name), await create(name), await create(name)];
    const seen = await followLinks<Listed>(
      (url) => t.as(key).get(url),
      `/v1/pets?limit=1&sort=-name&name=${encodeURIComponent(name)}`,
    );
    expect(seen.map((pet) => pet.id)).toEqual([...made].reverse());
  });

  it('refuses a cursor used with another order or another search', async () => {
    const first = async (query: string) => {
      const page = await t.as(key).get(`/v1/pets?limit=1&${query}`);
      return nextLink(page)?.searchParams.get('cursor') ?? '';
    };
    const cases: [string, string, string][] = [
      [await first('sort=name'), 'sort=-name', 'belongs to a different sort'],
      [await first('sort=name'), '', 'belongs to a different sort'],
      [await first(''), 'sort=name', 'belongs to a different sort'],
      [await first('sort=-id'), 'sort=id', 'belongs to a different sort'],
      [await first('q=cafe'), 'q=cuit', 'belongs to different filters'],
      [await first('q=cafe'), '', 'belongs to different filters'],
      [await first(''), 'q=cafe', 'belongs to different filters'],
    ];
    for (const [cursor, query, issue] of cases) {
      const answer = await t.as(key).get(`/v1/pets?limit=1&${query}&cursor=${cursor}`);
      expectProblem(answer, {
        code: 'invalid_query',
        message: `The query string is invalid: cursor ${issue}.`,
        status: 400,
        details: [{ field: 'cursor', issue }],
      });
    }
    // The same cursor with its own order and search is good.
    const own = await first('sort=name&q=cafe');
    expect(
      (await t.as(key).get(`/v1/pets?limit=1&sort=name&q=cafe&cursor=${own}`)).statusCode,
    ).toBe(200);
  });

  it('refuses a cursor whose position, order or search was edited', async () => {
    const page = await t.as(key).get('/v1/pets?limit=1&sort=name&q=cafe');
    const cursor = nextLink(page)?.searchParams.get('cursor') ?? '';
    const fields = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
    expect(fields[0]).toBe('c5');
    const edited = (index: number, value: string) =>
      Buffer.from(fields.map((field, i) => (i === index ? value : field)).join('.')).toString(
        'base64url',
      );
    const keyOf = (text: string) => Buffer.from(text).toString('base64url');
    for (const forged of [
      edited(1, '1'),
      edited(6, '-name'),
      edited(6, 'id'),
      edited(7, ''),
      edited(8, keyOf('a')),
      edited(9, String(Number(fields[9]) + 1)),
    ]) {
      const answer = await t.as(key).get(`/v1/pets?limit=1&sort=name&q=cafe&cursor=${forged}`);
      expectProblem(answer, {
        code: 'invalid_query',
        message: 'The query string is invalid: cursor is not a valid cursor.',
        status: 400,
        details: [{ field: 'cursor', issue: 'is not a valid cursor' }],
      });
    }
    // Signed, but impossible: a name key in id order.
    const signed = encodeCursor(t.app.get(Cursors), {
      afterId: 1,
      afterKey: 'a',
      status: undefined,
      sort: '-id',
    });
    const answer = await t.as(key).get(`/v1/pets?sort=-id&cursor=${signed}`);
    expect(answer.json()).toMatchObject({ details: [{ issue: 'is not a valid cursor' }] });
  });

  it.each([
    ['q=', 'q'],
    ['q=%20%20', 'q'],
    ['q=!%3F', 'q'],
    [`q=${'x'.repeat(101)}`, 'q'],
    ['q=a&q=b', 'q'],
    ['sort=Name', 'sort'],
    ['sort=', 'sort'],
  ])('refuses %s', async (query, field) => {
    const answer = await t.as(key).get(`/v1/pets?${query}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'invalid_query', details: [{ field }] });
  });
});
