// The adoptions report over HTTP on each database (docs/partners/orders.md): orders delivered and
// cancelled in a range of UTC days, `to` excluded, counted from the orders by account or by ISO
// week, across a week's and a year's end (2026-W53, 2027-W01); for staff only; in one statement;
// every bad range refused in the contract's words.
import { type AdoptionsReport, type Order, type Pet, PROBLEMS } from '@pets/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { anAccount } from '../../test/factories.js';
import { useApp } from '../../test/instances.js';
import { expectProblem } from '../../test/requests.js';
import { readsDuring } from '../../test/statements.js';
import { ENGINES } from '../../test/test-app.js';

describe.each(ENGINES)('the adoptions report on %s', (engine) => {
  const { t, staff, shelter, tails } = useApp(
    { engine },
    {
      staff: anAccount({ name: 'Staff', role: 'staff' }),
      shelter: anAccount({ name: 'Shelter Friends' }),
      tails: anAccount({ name: 'Happy Tails' }),
    },
  );

  /** An order by `key`, delivered or cancelled at `at` (or left placed or approved). */
  const orderClosed = async (
    key: string,
    end: 'delivered' | 'cancelled' | 'placed' | 'approved',
    at: string,
  ) => {
    t.clock.set(new Date('2026-12-01T00:00:00Z'));
    const pet = await t.as(staff.key).post('/v1/pets', { name: 'Rex', categoryId: 1 });
    expect(pet.statusCode, pet.body).toBe(201);
    const placed = await t.as(key).post('/v1/store/orders', { petId: pet.json<Pet>().id });
    expect(placed.statusCode, placed.body).toBe(201);
    const { id } = placed.json<Order>();
    t.clock.set(new Date(at));
    const moves = { placed: [], approved: ['approve'], delivered: ['approve', 'deliver'] };
    for (const move of end === 'cancelled' ? ['cancel'] : moves[end]) {
      const moved = await t.as(staff.key).post(`/v1/store/orders/${id}/${move}`);
      expect(moved.statusCode, moved.body).toBe(200);
    }
  };

  beforeAll(async () => {
    await orderClosed(shelter.key, 'delivered', '2026-12-27T23:59:59.999Z'); // 2026-W52, Sunday
    await orderClosed(tails.key, 'cancelled', '2026-12-28T00:00:00.000Z'); // 2026-W53, Monday
    await orderClosed(tails.key, 'delivered', '2026-12-31T23:00:00.000Z'); // 2026-W53
    await orderClosed(tails.key, 'delivered', '2027-01-03T23:59:59.999Z'); // 2026-W53, Sunday
    await orderClosed(shelter.key, 'delivered', '2027-01-04T00:00:00.000Z'); // 2027-W01, Monday
    await orderClosed(shelter.key, 'cancelled', '2027-01-04T10:00:00.000Z'); // 2027-W01
    await orderClosed(shelter.key, 'delivered', '2027-01-10T12:00:00.000Z'); // 2027-W01, Sunday
    // Open orders are not counted.
    await orderClosed(tails.key, 'placed', '2027-01-05T00:00:00.000Z');
    await orderClosed(shelter.key, 'approved', '2027-01-05T00:00:00.000Z');
  });

  const report = async (query: string, key = staff.key) => {
    const answer = await t.as(key).get(`/v1/store/reports/adoptions?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<AdoptionsReport>();
  };
  const week = (name: string, delivered: number, cancelled: number) => ({
    week: name,
    delivered,
    cancelled,
  });

  it('counts by ISO week across the end of a year, every week touched, zeros included', async () => {
    expect(await report('from=2026-12-28&to=2027-01-11&by=week')).toEqual({
      rows: [week('2026-W53', 2, 1), week('2027-W01', 2, 1)],
    });
    // Weeks cut by the range count only their days inside it; `to` is excluded.
    expect(await report('from=2026-12-27&to=2027-01-05&by=week')).toEqual({
      rows: [week('2026-W52', 1, 0), week('2026-W53', 2, 1), week('2027-W01', 1, 1)],
    });
    expect(await report('from=2027-01-03&to=2027-01-04&by=week')).toEqual({
      rows: [week('2026-W53', 1, 0)],
    });
    expect(await report('from=2027-01-11&to=2027-01-26&by=week')).toEqual({
      rows: [week('2027-W02', 0, 0), week('2027-W03', 0, 0), week('2027-W04', 0, 0)],
    });
    const year = await report('from=2026-06-01&to=2027-06-01&by=week');
    expect(year.rows).toHaveLength(53);
    expect(year.rows.reduce((sum, row) => sum + row.delivered, 0)).toBe(5);
    expect(year.rows.reduce((sum, row) => sum + row.cancelled, 0)).toBe(2);
  });

  it('counts by account with its name, most delivered first, then by id', async () => {
    const tailsRow = (delivered: number, cancelled: number) => ({
      account: { id: tails.accountId, name: 'Happy Tails' },
      delivered,
      cancelled,
    });
    const shelterRow = (delivered: number, cancelled: number) => ({
      account: { id: shelter.accountId, name: 'Shelter Friends' },
      delivered,
      cancelled,
    });
    expect(await report('from=2026-12-28&to=2027-01-10&by=account')).toEqual({
      rows: [tailsRow(2, 1), shelterRow(1, 1)],
    });
    expect(await report('from=2026-12-27&to=2027-01-11&by=account')).toEqual({
      rows: [shelterRow(3, 1), tailsRow(2, 1)],
    });
    // A tie goes to the account with the lower id (Shelter Friends was made first).
    expect(await report('from=2026-12-28&to=2027-01-11&by=account')).toEqual({
      rows: [shelterRow(2, 1), tailsRow(2, 1)],
    });
    expect(await report('from=2026-12-28&to=2026-12-29&by=account')).toEqual({
      rows: [tailsRow(0, 1)],
    });
    expect(await report('from=2025-01-01&to=2025-02-01&by=account')).toEqual({ rows: [] });
  });

  it('reads the orders in one statement', async () => {
    for (const by of ['week', 'account']) {
      const reads = await readsDuring(t, () => report(`from=2026-01-01&to=2027-01-01&by=${by}`));
      expect(
        reads.filter((sql) => /from "orders"/i.test(sql)),
        reads.join('\n'),
      ).toHaveLength(1);
    }
  });

  it('is for staff only', async () => {
    expectProblem(
      await t
        .as(tails.key)
        .get('/v1/store/reports/adoptions?from=2026-12-28&to=2027-01-11&by=week'),
      { ...PROBLEMS.staffOnly, status: 403 },
    );
  });

  it('refuses a missing, malformed, empty, reversed or too long range with 400 invalid_query', async () => {
    const refused = async (query: string, details: { field: string; issue: string }[]) => {
      expectProblem(await t.as(staff.key).get(`/v1/store/reports/adoptions?${query}`), {
        ...PROBLEMS.invalidQuery(details.map((d) => `${d.field} ${d.issue}`).join('; ')),
        status: 400,
        details,
      });
    };
    const DATE = 'must be a date, YYYY-MM-DD';
    await refused('', [
      { field: 'from', issue: DATE },
      { field: 'to', issue: DATE },
      { field: 'by', issue: 'must be one of account, week' },
    ]);
    await refused('from=2026-02-29&to=2026-03-10&by=week', [{ field: 'from', issue: DATE }]);
    await refused('from=2026-03-01&to=20260310&by=week', [{ field: 'to', issue: DATE }]);
    await refused('from=2026-03-01&to=2026-03-10&by=day', [
      { field: 'by', issue: 'must be one of account, week' },
    ]);
    await refused('from=2026-03-10&to=2026-03-10&by=week', [
      { field: 'to', issue: 'must be after from' },
    ]);
    await refused('from=2026-03-10&to=2026-03-01&by=account', [
      { field: 'to', issue: 'must be after from' },
    ]);
    await refused('from=2026-01-01&to=2027-01-03&by=account', [
      { field: 'to', issue: 'must be at most 366 days after from' },
    ]);
    await refused('from=2026-01-01&from=2026-01-02&to=2026-02-01&by=week', [
      { field: 'from', issue: 'must be given once' },
    ]);
    await refused('from=2026-01-01&to=2026-02-01&by=week&limit=5', [
      { field: 'limit', issue: 'is not allowed' },
    ]);
  });
});
