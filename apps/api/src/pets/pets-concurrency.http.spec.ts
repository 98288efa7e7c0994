/**
 * Two API instances on one database, and staff on both changing one pet's status at once: whatever
 * order the changes land in, no move is ever made from a status the pet no longer had.
 */
import { type AuditEvent, moveAllowed, type Pet, type PetStatus } from '@pets/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useInstances } from '../../test/instances.js';
import { ENGINES, type TestApp } from '../../test/test-app.js';

describe.each(ENGINES)('concurrent changes to one pet on %s, through two instances', (engine) => {
  const { first, second } = useInstances({ engine });
  let key: string;

  beforeAll(async () => {
    ({ key } = await first.createKey({
      name: 'Staff',
      role: 'staff',
      plan: 'enterprise',
      limits: { perMinute: 100_000, perDay: 1_000_000 },
    }));
  });

  const headers = () => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

  it('applies each move only from the status the pet has, and records every move it applied', async () => {
    const created = await first
      .as(headers())
      .post('/v1/pets', { name: 'Contested', categoryId: 1 });
    const pet = created.json<Pet>();
    // Partners' moves only (no sold → available): once sold, the pet stays sold.
    const targets: PetStatus[] = Array.from({ length: 40 }, (_, i) =>
      i % 3 === 0 ? 'sold' : i % 3 === 1 ? 'pending' : 'available',
    );
    const answers = await Promise.all(
      targets.map((status, i) =>
        (i % 2 === 0 ? first : second)
          .as(key)
          .patch(`/v1/pets/${pet.id}`, { status }, { ...headers() }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.every((status) => status === 200 || status === 409),
      String(statuses),
    ).toBe(true);

    const events = (
      await first.as(headers()).get(`/v1/admin/audit?targetType=pet&targetId=${pet.id}&limit=100`)
    )
      .json<AuditEvent[]>()
      .filter((event) => event.action === 'pet.updated')
      .reverse();
    // The moves chain: each starts where the one before ended, from the pet's first status.
    let status: PetStatus = 'available';
    for (const event of events) {
      const [from, to] = event.changes['status'] as [PetStatus, PetStatus];
      expect(from).toBe(status);
      expect(moveAllowed(from, to, 'staff')).toBe(true);
      status = to;
    }
    // Every move answered 200; a 200 without a move found the pet already in that status.
    expect(events.length).toBeLessThanOrEqual(statuses.filter((code) => code === 200).length);
    expect(events.length).toBeGreaterThan(0);
    const now = await second.as(headers()).get(`/v1/pets/${pet.id}`);
    expect(now.json<Pet>().status).toBe(status);
    // A 409 names the status the pet had when it was refused.
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(answer.json<{ message: string }>().message).toMatch(
        /^The pet is (sold|pending|available), /,
      );
  });

  it('lists, on each instance, every change acknowledged by the other: no page is answered stale', async () => {
    const list = async (instance: TestApp, query = '') =>
      (await instance.as(headers()).get(`/v1/pets?limit=100&name=Fresh${query}`)).json<Pet[]>();
    const send = (
      instance: TestApp,
      method: 'POST' | 'PATCH' | 'DELETE',
      url: string,
      body?: object,
    ) =>
      instance.app.inject({
        method,
        url,
        headers: headers(),
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
    // Each page is read twice before every write (so a kept copy exists), then right after it.
    const readBoth = async (expected: Partial<Pet>[]) => {
      for (const instance of [first, second, first, second])
        expect(await list(instance)).toMatchObject(expected);
    };
    await readBoth([]);
    const made = (
      await send(first, 'POST', '/v1/pets', { name: 'Fresh one', categoryId: 1 })
    ).json<Pet>();
    await readBoth([{ id: made.id, name: 'Fresh one', status: 'available' }]);
    expect(await list(second, '&status=sold')).toEqual([]);
    expect(
      (await send(second, 'PATCH', `/v1/pets/${made.id}`, { status: 'sold' })).statusCode,
    ).toBe(200);
    expect(await list(first, '&status=sold')).toMatchObject([{ id: made.id, status: 'sold' }]);
    await readBoth([{ id: made.id, status: 'sold' }]);
    expect(
      (await send(first, 'PATCH', `/v1/pets/${made.id}`, { name: 'Fresh two' })).statusCode,
    ).toBe(200);
    await readBoth([{ id: made.id, name: 'Fresh two' }]);
    expect((await send(second, 'DELETE', `/v1/pets/${made.id}`)).statusCode).toBe(204);
    await readBoth([]);
  });
});
