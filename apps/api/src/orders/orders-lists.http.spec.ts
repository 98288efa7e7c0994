// The orders list for staff over HTTP on each database (docs/partners/orders.md): one account's
// orders (`accountId`, staff only), newest first (`sort=-id`) with cursors that keep both, and
// `expand=pet,account` adding names in the page's one statement; without it, orders as before.
import {
  type ListedOrder,
  type Order,
  type Pet,
  PROBLEMS,
  STAFF_ONLY_FILTER,
} from '@pets/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { anAccount } from '../../test/factories.js';
import { useApp } from '../../test/instances.js';
import { expectProblem, followLinks, nextPath } from '../../test/requests.js';
import { readsDuring } from '../../test/statements.js';
import { ENGINES } from '../../test/test-app.js';

describe.each(ENGINES)('the orders list for staff on %s', (engine) => {
  const { t, staff, shelter, tails } = useApp(
    { engine },
    {
      staff: anAccount({ name: 'Staff', role: 'staff' }),
      shelter: anAccount({ name: 'Shelter Friends' }),
      tails: anAccount({ name: 'Happy Tails' }),
    },
  );
  /** Orders in the order they were placed: odd ones by Shelter Friends, even ones by Happy Tails. */
  const orders: Order[] = [];
  const pets: Pet[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 7; i++) {
      const created = await t
        .as(staff.key)
        .post('/v1/pets', { name: `Biscuit ${i}`, categoryId: 1 });
      expect(created.statusCode, created.body).toBe(201);
      pets.push(created.json<Pet>());
      const placed = await t
        .as(i % 2 === 0 ? tails.key : shelter.key)
        .post('/v1/store/orders', { petId: pets[i]!.id });
      expect(placed.statusCode, placed.body).toBe(201);
      orders.push(placed.json<Order>());
    }
  });

  const every = <T = Order>(url: string, key = staff.key) =>
    followLinks<T>((next) => t.as(key).get(next), url);
  const ofTails = () => orders.filter((order) => order.accountId === tails.accountId);

  it("lists one account's orders for staff, a page at a time, Link keeping the filter", async () => {
    expect(await every(`/v1/store/orders?accountId=${tails.accountId}&limit=2`)).toEqual(ofTails());
    expect(await every(`/v1/store/orders?accountId=${shelter.accountId}&status=placed`)).toEqual(
      orders.filter((order) => order.accountId === shelter.accountId),
    );
    const first = await t
      .as(staff.key)
      .get(`/v1/store/orders?accountId=${tails.accountId}&limit=1`);
    expect(nextPath(first)).toMatch(
      new RegExp(`^/v1/store/orders\\?limit=1&accountId=${tails.accountId}&cursor=[^&]+$`),
    );
    expect((await t.as(staff.key).get('/v1/store/orders?accountId=999999')).json()).toEqual([]);
  });

  it('refuses accountId from a partner with 400 invalid_query, its own account too', async () => {
    for (const accountId of [tails.accountId, shelter.accountId, 999999])
      expectProblem(await t.as(tails.key).get(`/v1/store/orders?accountId=${accountId}`), {
        ...PROBLEMS.invalidQuery(`accountId ${STAFF_ONLY_FILTER}`),
        status: 400,
        details: [{ field: 'accountId', issue: STAFF_ONLY_FILTER }],
      });
  });

  it('lists newest first with sort=-id, cursors keeping the sort and the filters', async () => {
    const newestFirst = [...orders].reverse();
    const all = await every('/v1/store/orders?sort=-id&limit=2');
    expect(all.slice(0, orders.length)).toEqual(newestFirst);
    expect(await every('/v1/store/orders?sort=id&limit=3')).toEqual(orders);
    expect(await every(`/v1/store/orders?sort=-id&accountId=${tails.accountId}&limit=1`)).toEqual(
      [...ofTails()].reverse(),
    );
    expect(await every('/v1/store/orders?sort=-id&limit=1', shelter.key)).toEqual(
      newestFirst.filter((order) => order.accountId === shelter.accountId),
    );
    const descending = await t.as(staff.key).get('/v1/store/orders?sort=-id&limit=2');
    const next = nextPath(descending) ?? '';
    expect(next).toMatch(/^\/v1\/store\/orders\?limit=2&sort=-id&cursor=[^&]+$/);
    const cursor = /cursor=([^&]+)/.exec(next)?.[1] ?? '';
    const ascending = await t.as(staff.key).get('/v1/store/orders?limit=2');
    const ascendingCursor = /cursor=([^&]+)/.exec(nextPath(ascending) ?? '')?.[1] ?? '';
    for (const query of [
      `cursor=${cursor}`,
      `sort=id&cursor=${cursor}`,
      `sort=-id&cursor=${ascendingCursor}`,
      `sort=-id&accountId=${tails.accountId}&cursor=${cursor}`,
    ])
      expectProblem(await t.as(staff.key).get(`/v1/store/orders?${query}`), {
        ...PROBLEMS.invalidQuery('cursor belongs to different filters'),
        status: 400,
        details: [{ field: 'cursor', issue: 'belongs to different filters' }],
      });
  });

  it('adds each order its pet and account with expand, names as they are now', async () => {
    const renamed = await t.as(staff.key).patch(`/v1/pets/${pets[0]!.id}`, { name: 'Biscuit Jr.' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const nameOf = { [tails.accountId]: 'Happy Tails', [shelter.accountId]: 'Shelter Friends' };
    const petOf = (order: Order) => {
      const index = pets.findIndex((pet) => pet.id === order.petId);
      return {
        id: order.petId,
        name: index === 0 ? 'Biscuit Jr.' : `Biscuit ${index}`,
        status: 'pending',
      };
    };
    const accountOf = (order: Order) => ({ id: order.accountId, name: nameOf[order.accountId] });

    const both = await every<ListedOrder>('/v1/store/orders?expand=pet,account&limit=3');
    expect(both).toEqual(
      orders.map((order) => ({ ...order, pet: petOf(order), account: accountOf(order) })),
    );
    expect(await every('/v1/store/orders?expand=account,pet&sort=-id')).toEqual(
      [...both].reverse(),
    );
    expect(await every('/v1/store/orders?expand=pet&limit=4')).toEqual(
      orders.map((order) => ({ ...order, pet: petOf(order) })),
    );
    expect(await every(`/v1/store/orders?expand=account&accountId=${tails.accountId}`)).toEqual(
      ofTails().map((order) => ({ ...order, account: accountOf(order) })),
    );
    // A partner's own orders, with its own name.
    expect(await every('/v1/store/orders?expand=account,pet', tails.key)).toEqual(
      both.filter((order) => order.accountId === tails.accountId),
    );
    const page = await t.as(staff.key).get('/v1/store/orders?expand=pet,account&limit=2');
    expect(nextPath(page)).toMatch(
      /^\/v1\/store\/orders\?limit=2&expand=pet%2Caccount&cursor=[^&]+$/,
    );
  });

  it('answers without expand exactly as before: the same bytes, keys in the same order', async () => {
    const answer = await t.as(staff.key).get('/v1/store/orders');
    const fields = ['id', 'petId', 'accountId', 'status', 'placedAt', 'updatedAt'] as const;
    const current = await every('/v1/store/orders');
    expect(answer.body).toBe(
      JSON.stringify(
        current.map((order) => Object.fromEntries(fields.map((field) => [field, order[field]]))),
      ),
    );
  });

  it('reads a page, expanded or not, in one statement however many orders it holds', async () => {
    const readsOf = (url: string) =>
      readsDuring(t, async () => {
        const answer = await t.as(staff.key).get(url);
        expect(answer.statusCode, answer.body).toBe(200);
      });
    const one = await readsOf('/v1/store/orders?limit=1&expand=pet,account');
    const many = await readsOf('/v1/store/orders?limit=100&expand=pet,account');
    const plain = await readsOf('/v1/store/orders?limit=100');
    const newest = await readsOf('/v1/store/orders?limit=100&sort=-id&expand=pet');
    for (const reads of [one, many, plain, newest]) {
      expect(
        reads.filter((sql) => /from "orders"/i.test(sql)),
        reads.join('\n'),
      ).toHaveLength(1);
      expect(
        reads.filter((sql) => /from "(pets|accounts)"/i.test(sql)),
        reads.join('\n'),
      ).toEqual([]);
    }
    expect(many).toHaveLength(one.length);
    expect(many).toHaveLength(plain.length);
  });

  it('refuses unknown, repeated or malformed expansions and sorts with 400 invalid_query', async () => {
    const expandIssue = 'must be a comma-separated list of pet, account, each at most once';
    for (const expand of ['owner', 'pet,pet', 'pet,', 'category', 'pet%20account'])
      expectProblem(await t.as(staff.key).get(`/v1/store/orders?expand=${expand}`), {
        ...PROBLEMS.invalidQuery(`expand ${expandIssue}`),
        status: 400,
        details: [{ field: 'expand', issue: expandIssue }],
      });
    expectProblem(await t.as(staff.key).get('/v1/store/orders?expand=pet&expand=account'), {
      ...PROBLEMS.invalidQuery('expand must be given once'),
      status: 400,
      details: [{ field: 'expand', issue: 'must be given once' }],
    });
    expectProblem(await t.as(staff.key).get('/v1/store/orders?sort=name'), {
      ...PROBLEMS.invalidQuery('sort must be one of id, -id'),
      status: 400,
      details: [{ field: 'sort', issue: 'must be one of id, -id' }],
    });
  });
});
