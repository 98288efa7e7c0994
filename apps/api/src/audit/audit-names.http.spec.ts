// The audit trail's names over HTTP on each database: `expand=actor` names the account and the key
// or person behind each change, `expand=target` names what changed (null for what has no name), as
// they are now, read in the page's one statement; without `expand` every event is as before.
import { type AuditEvent, type Category, type Order, type Pet, PROBLEMS } from '@pets/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { anAccount } from '../../test/factories.js';
import { useApp } from '../../test/instances.js';
import { PASSWORD, session, signedInAs } from '../../test/people-app.js';
import { expectProblem, followLinks, nextPath } from '../../test/requests.js';
import { readsDuring } from '../../test/statements.js';
import { ENGINES } from '../../test/test-app.js';

describe.each(ENGINES)('the audit trail with names on %s', (engine) => {
  const { t, staff, tails } = useApp(
    { engine },
    {
      staff: anAccount({ name: 'Shelter staff', role: 'staff' }),
      tails: anAccount({ name: 'Happy Tails' }),
    },
  );
  let pet: Pet;
  let order: Order;
  let category: Category;
  let annId = 0;

  beforeAll(async () => {
    const created = await t.as(staff.key).post('/v1/pets', { name: 'Biscuit', categoryId: 1 });
    pet = created.json<Pet>();
    category = (await t.as(staff.key).post('/v1/categories', { name: 'Ferrets' })).json<Category>();
    ({ personId: annId } = await t.createPerson(tails.accountId, {
      email: 'ann@tails.example',
      password: PASSWORD,
      name: 'Ann Example',
    }));
    const cookie = await signedInAs(t, 'ann@tails.example');
    const placed = await t.as(session(cookie)).post('/v1/store/orders', { petId: pet.id });
    expect(placed.statusCode, placed.body).toBe(201);
    order = placed.json<Order>();
    // Names are given as they are now.
    const renamed = await t.as(staff.key).patch(`/v1/pets/${pet.id}`, { name: 'Biscuit Jr.' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  const every = (query: string) =>
    followLinks<AuditEvent>((next) => t.as(staff.key).get(next), `/v1/admin/audit?${query}`);
  const byStaffKey = () => ({ accountId: staff.accountId, keyId: staff.keyId });
  const byAnn = () => ({ accountId: tails.accountId, personId: annId });

  it('names the actor and the target of each event with expand=actor,target', async () => {
    const events = await every('expand=actor,target&limit=3');
    const find = (action: string, id: number) =>
      events.find((event) => event.action === action && event.target.id === id);
    const staffNamed = { ...byStaffKey(), accountName: 'Shelter staff', name: 'test key' };
    const annNamed = { ...byAnn(), accountName: 'Happy Tails', name: 'Ann Example' };
    expect(find('pet.created', pet.id)).toMatchObject({
      actor: staffNamed,
      target: { type: 'pet', id: pet.id, name: 'Biscuit Jr.' },
    });
    expect(find('category.created', category.id)).toMatchObject({
      actor: staffNamed,
      target: { type: 'category', id: category.id, name: 'Ferrets' },
    });
    expect(find('order.placed', order.id)).toMatchObject({
      actor: annNamed,
      target: { type: 'order', id: order.id, name: null },
    });
    expect(events.find((event) => event.action === 'person.signed_in')).toMatchObject({
      actor: annNamed,
      target: { type: 'session', name: null },
    });
    // Made by the command-line tool: the actor has no name to add; the target has its own.
    expect(find('account.created', tails.accountId)).toMatchObject({
      actor: 'cli',
      target: { type: 'account', id: tails.accountId, name: 'Happy Tails' },
    });
    expect(find('key.created', tails.keyId)).toMatchObject({
      actor: 'cli',
      target: { type: 'key', id: tails.keyId, name: 'test key' },
    });
    // The rest is as without expand.
    const plain = await every('limit=100');
    expect(events.map(({ id, action, at, changes }) => ({ id, action, at, changes }))).toEqual(
      plain.map(({ id, action, at, changes }) => ({ id, action, at, changes })),
    );
  });

  it('names only what expand asks for, and Link keeps it', async () => {
    const [actorOnly] = await every(`expand=actor&targetType=order&targetId=${order.id}`);
    expect(actorOnly).toMatchObject({
      actor: { ...byAnn(), accountName: 'Happy Tails', name: 'Ann Example' },
      target: { type: 'order', id: order.id },
    });
    expect(actorOnly?.target).not.toHaveProperty('name');
    const [targetOnly] = await every(`expand=target&targetType=order&targetId=${order.id}`);
    expect(targetOnly?.actor).toEqual(byAnn());
    expect(targetOnly?.target).toEqual({ type: 'order', id: order.id, name: null });
    const page = await t.as(staff.key).get('/v1/admin/audit?expand=target,actor&limit=1');
    expect(nextPath(page)).toMatch(/^\/v1\/admin\/audit\?expand=actor%2Ctarget&limit=1&cursor=/);
  });

  it('answers without expand exactly as before', async () => {
    const answer = await t.as(staff.key).get(`/v1/admin/audit?targetType=pet&targetId=${pet.id}`);
    const events = answer.json<AuditEvent[]>();
    // Created and renamed by staff's key, made pending by Ann's order.
    expect(events.map((event) => event.actor)).toEqual([byStaffKey(), byAnn(), byStaffKey()]);
    expect(events.map((event) => event.target)).toEqual(
      events.map(() => ({ type: 'pet', id: pet.id })),
    );
    expect(answer.body).toBe(
      JSON.stringify(
        events.map(({ id, at, actor, action, target, changes }) => ({
          id,
          at,
          actor,
          action,
          target,
          changes,
        })),
      ),
    );
  });

  it('reads a page with names in one statement however many events it holds', async () => {
    const readsOf = (query: string) =>
      readsDuring(t, async () => {
        const answer = await t.as(staff.key).get(`/v1/admin/audit?${query}`);
        expect(answer.statusCode, answer.body).toBe(200);
      });
    const one = await readsOf('expand=actor,target&limit=1');
    const many = await readsOf('expand=actor,target&limit=100');
    const plain = await readsOf('limit=100');
    for (const reads of [one, many, plain])
      expect(
        reads.filter((sql) => /from "audit_events"/i.test(sql)),
        reads.join('\n'),
      ).toHaveLength(1);
    expect(many).toHaveLength(one.length);
    expect(many).toHaveLength(plain.length);
  });

  it('refuses unknown or repeated expansions with 400 invalid_query', async () => {
    const issue = 'must be a comma-separated list of actor, target, each at most once';
    for (const expand of ['pet', 'actor,actor', 'target,', 'names'])
      expectProblem(await t.as(staff.key).get(`/v1/admin/audit?expand=${expand}`), {
        ...PROBLEMS.invalidQuery(`expand ${issue}`),
        status: 400,
        details: [{ field: 'expand', issue }],
      });
  });
});
