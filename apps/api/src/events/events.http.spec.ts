// Events over HTTP on each database (docs/partners/events.md): every change to the catalogue and to
// orders is an event with the object after it, written with the change (none for a refused one),
// listed oldest first in pages, a partner seeing the catalogue's and its own orders', staff all,
// filtered by type, and kept 30 days.
import {
  type AuditEvent,
  type Category,
  EVENT_TYPES,
  Event,
  type Order,
  type Pet,
  type PetPhoto,
  type PetProfile,
} from '@pets/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAccount } from '../../test/factories.js';
import { png } from '../../test/images.js';
import { type Answer, bearer, expectProblem, followLinks, nextPath } from '../../test/requests.js';
import { createTestApp, ENGINES, type TestApp } from '../../test/test-app.js';
import { EVENTS_KEPT_MS, EventsService } from './events.service.js';

describe.each(ENGINES)('events on %s', (engine) => {
  let t: TestApp;
  let staff: { key: string; accountId: number };
  let partner: { key: string; accountId: number };
  let other: { key: string; accountId: number };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    staff = await t.createKey(anAccount({ name: 'Staff', role: 'staff' }));
    partner = await t.createKey(anAccount({ name: 'Partner' }));
    other = await t.createKey(anAccount({ name: 'Other' }));
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every event `key` sees from `query` on, following `Link` to the end. */
  const eventsSeen = (key: string, query = '') =>
    followLinks<Event>((next) => t.as(key).get(next), `/v1/events${query}`);
  /** The events `key` sees after the last one of `before`. */
  const newSince = async (before: readonly Event[], key = staff.key) => {
    const last = before.at(-1)?.id ?? 0;
    return (await eventsSeen(key)).filter((event) => event.id > last);
  };
  /** The answer, once it is checked to have `status`. */
  const ok = (answer: Answer, status = 200): Answer => {
    expect(answer.statusCode, answer.body).toBe(status);
    return answer;
  };

  it('asks for a key', async () => {
    expect((await t.as().get('/v1/events')).statusCode).toBe(401);
  });

  it('records each change to a pet with the pet after it, in the order they were made', async () => {
    const before = await eventsSeen(staff.key);
    const pet = ok(
      await t.as(partner.key).post('/v1/pets', { name: 'Rex', categoryId: 1 }),
      201,
    ).json<Pet>();
    const renamed = ok(
      await t.as(partner.key).patch(`/v1/pets/${pet.id}`, { name: 'Rexy' }),
    ).json<Pet>();
    // A change that changes nothing is no event; a refused one neither.
    ok(await t.as(partner.key).patch(`/v1/pets/${pet.id}`, { name: 'Rexy' })).json<Pet>();
    expect((await t.as(other.key).patch(`/v1/pets/${pet.id}`, { name: 'Nope' })).statusCode).toBe(
      403,
    );
    expect((await t.as(staff.key).delete(`/v1/pets/${pet.id}`)).statusCode).toBe(204);

    const events = await newSince(before);
    expect(events.map(({ type, data }) => [type, data])).toEqual([
      ['pet.created', pet],
      ['pet.updated', renamed],
      ['pet.deleted', renamed],
    ]);
    // Each as the contract says, in ascending id, stamped with the (fake) clock.
    for (const event of events) {
      expect(Event.parse(event)).toEqual(event);
      expect(event.createdAt).toBe(new Date(t.clock.now()).toISOString());
    }
    expect(events.map(({ id }) => id)).toEqual(
      [...events.map(({ id }) => id)].sort((a, b) => a - b),
    );
  });

  it('records categories, profiles and photos with what they became, each beside its audit event', async () => {
    const before = await eventsSeen(staff.key);
    const category = ok(
      await t.as(staff.key).post('/v1/categories', { name: 'Horses' }),
      201,
    ).json<Category>();
    const renamed = ok(
      await t
        .as(staff.key)
        .patch(`/v1/categories/${category.id}`, { name: 'Ponies', archived: true }),
    ).json<Category>();
    const pet = ok(
      await t.as(partner.key).post('/v1/pets', { name: 'Biscuit', categoryId: 2 }),
      201,
    ).json<Pet>();
    const profile = ok(
      await t
        .as(partner.key)
        .patch(
          `/v1/pets/${pet.id}/profile`,
          { breed: 'Tabby' },
          { 'content-type': 'application/merge-patch+json' },
        ),
    ).json<PetProfile>();
    const upload = await t.app.inject({
      method: 'POST',
      url: `/v1/pets/${pet.id}/photos`,
      headers: { ...bearer(partner.key), 'content-type': 'image/png' },
      payload: await png(320, 240),
    });
    const photo = ok(upload, 201).json<PetPhoto>();
    expect(
      (await t.as(partner.key).delete(`/v1/pets/${pet.id}/photos/${photo.id}`)).statusCode,
    ).toBe(204);

    const events = await newSince(before);
    expect(events.map(({ type, data }) => [type, data])).toEqual([
      ['category.created', { ...category }],
      // One change that renames and archives: two events, each with the category after it.
      ['category.renamed', renamed],
      ['category.archived', renamed],
      ['pet.created', pet],
      ['pet.profile_updated', { petId: pet.id, profile }],
      ['photo.added', { petId: pet.id, photo }],
      ['photo.removed', { petId: pet.id, photo }],
    ]);
    for (const event of events) expect(Event.parse(event)).toEqual(event);
    // The audit trail recorded the same changes: one event for each of its entries that is one.
    const audited = await followLinks<AuditEvent>(
      (next) => t.as(staff.key).get(next),
      '/v1/admin/audit?limit=100',
    );
    const published = audited.filter(({ action }) => (EVENT_TYPES as string[]).includes(action));
    const every = await eventsSeen(staff.key);
    expect(every.map(({ type }) => type).sort()).toEqual(
      published.map(({ action }) => action).sort(),
    );
  });

  it("shows a partner the catalogue's events and its own orders', and staff every one", async () => {
    const before = await eventsSeen(staff.key);
    const pet = ok(
      await t.as(staff.key).post('/v1/pets', { name: 'Milo', categoryId: 1 }),
      201,
    ).json<Pet>();
    const placed = ok(
      await t.as(partner.key).post('/v1/store/orders', { petId: pet.id }),
      201,
    ).json<Order>();
    const approved = ok(
      await t.as(staff.key).post(`/v1/store/orders/${placed.id}/approve`),
    ).json<Order>();
    const delivered = ok(
      await t.as(staff.key).post(`/v1/store/orders/${placed.id}/deliver`),
    ).json<Order>();

    const all = await newSince(before);
    expect(all.map(({ type, data }) => [type, data])).toEqual([
      ['pet.created', pet],
      ['order.placed', placed],
      ['pet.updated', { ...pet, status: 'pending' }],
      ['order.approved', approved],
      ['order.delivered', delivered],
      ['pet.updated', { ...pet, status: 'sold' }],
    ]);
    expect(await newSince(before, partner.key)).toEqual(all);
    expect(await newSince(before, other.key)).toEqual(
      all.filter(({ type }) => !type.startsWith('order.')),
    );
  });

  it('filters by type, and refuses types it does not know, or given twice', async () => {
    const created = await eventsSeen(staff.key, '?type=pet.created');
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map(({ type }) => type))).toEqual(new Set(['pet.created']));
    const two = await eventsSeen(staff.key, '?type=pet.deleted,order.placed');
    expect(new Set(two.map(({ type }) => type))).toEqual(new Set(['pet.deleted', 'order.placed']));
    const every = await eventsSeen(staff.key, `?type=${EVENT_TYPES.join(',')}`);
    expect(every).toEqual(await eventsSeen(staff.key));

    for (const [query, issue] of [
      ['type=pet.eaten', 'names no such event type: pet.eaten'],
      ['type=pet.created,pet.created', 'must name each event type at most once'],
      ['type=pet.created,', 'must be a comma-separated list of event types, each at most once'],
      ['type=pet.created&type=pet.updated', 'must be given once'],
      ['limit=0', 'must be an integer from 1 to 100'],
    ] as const) {
      const answer = await t.as(staff.key).get(`/v1/events?${query}`);
      const field = query.split('=')[0] as string;
      expectProblem(answer, {
        code: 'invalid_query',
        status: 400,
        message: `The query string is invalid: ${field} ${issue}.`,
        details: [{ field, issue }],
      });
    }
  });

  it('pages oldest first, its cursor only for the reader and the filters it was made for', async () => {
    const all = await eventsSeen(partner.key);
    expect(all.length).toBeGreaterThan(4);
    const first = await t.as(partner.key).get('/v1/events?limit=2');
    expect(first.json<Event[]>()).toEqual(all.slice(0, 2));
    const next = nextPath(first) as string;
    expect(next).toMatch(/^\/v1\/events\?limit=2&cursor=/);
    expect((await t.as(partner.key).get(next)).json<Event[]>()).toEqual(all.slice(2, 4));
    expect(
      await followLinks<Event>((url) => t.as(partner.key).get(url), '/v1/events?limit=2'),
    ).toEqual(all);

    for (const [key, url] of [
      [other.key, next],
      [staff.key, next],
      [partner.key, next.replace('limit=2', 'type=pet.created&limit=2')],
    ] as const) {
      const answer = await t.as(key).get(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json<{ code: string }>().code).toBe('invalid_query');
    }
  });

  it('keeps events 30 days: older ones are not listed, and are removed', async () => {
    const pet = ok(
      await t.as(staff.key).post('/v1/pets', { name: 'Old', categoryId: 1 }),
      201,
    ).json<Pet>();
    const listed = await eventsSeen(staff.key);
    const mine = listed.find((event) => event.type === 'pet.created' && event.data.id === pet.id);
    expect(mine).toBeDefined();

    t.clock.advance(EVENTS_KEPT_MS);
    expect((await eventsSeen(staff.key)).map(({ id }) => id)).toContain(mine?.id);
    t.clock.advance(1);
    expect(await eventsSeen(staff.key)).toEqual([]);

    const removed = await t.app.get(EventsService).removeOld();
    expect(removed).toBe(listed.length);
    expect(await t.app.get(EventsService).removeOld()).toBe(0);
    // A change now is listed again, with an id above every removed one.
    const fresh = ok(
      await t.as(staff.key).post('/v1/pets', { name: 'New', categoryId: 1 }),
      201,
    ).json<Pet>();
    const after = await eventsSeen(staff.key);
    expect(after.map(({ type, data }) => [type, data])).toEqual([['pet.created', fresh]]);
    expect(after[0]?.id).toBeGreaterThan(listed.at(-1)?.id ?? Infinity);
  });
});
