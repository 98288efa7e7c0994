/**
 * kill -9 of the built server in the middle of `POST /v1/pets/batch`, then a restart: a batch
 * retried with its `Idempotency-Key` applies each item exactly once, including the items the
 * killed run had already committed, and answers as one uninterrupted run would have; a batch
 * answered before the kill answers the same again.
 */
import { setTimeout } from 'node:timers/promises';
import type { AuditEvent, PetBatchResults } from '@pets/contract';
import { describe, expect, it } from 'vitest';
import { CrashRun } from '../processes.js';
import { bearer, fetchAll } from '../requests.js';
import { ENGINES, freshDatabaseUrl } from '../test-app.js';
import { durableAccount } from '../write-ledger.js';

/** Pets in a batch: long enough that a kill at a random moment lands inside one. */
const ITEMS = 100;
const STREAMS = 3;

interface Batch {
  readonly key: string;
  readonly body: string;
  readonly petIds: number[];
  /** The results due: every item is allowed, so each is what it would have been alone. */
  readonly due: PetBatchResults;
  answer?: PetBatchResults | 'unanswered';
}

/** Every fifth item removes its pet; the others rename it and move it to `pending`. */
const itemOf = (id: number, name: string, index: number) =>
  index % 5 === 4
    ? { item: { petId: id, delete: true }, due: { status: 204 } }
    : {
        item: { petId: id, patch: { name: `${name} moved`, status: 'pending' } },
        due: { status: 200, pet: { id, name: `${name} moved`, categoryId: 1, status: 'pending' } },
      };

describe.each(ENGINES)('kill -9 during pet batches, on %s', (engine) => {
  it('a batch retried with its key after a restart applies each item once and answers as if run once', async () => {
    // Whether the kill lands inside a batch after some of its items committed is up to timing:
    // each attempt is a whole run on a fresh database, checked in full, until one did.
    const partial: number[] = [];
    while (partial.length < 3 && !partial.some((count) => count > 0))
      partial.push(await killOnce());
    expect(partial.some((count) => count > 0)).toBe(true);
  }, 240_000);

  /** One run; resolves with how many unanswered batches were found half applied at the restart. */
  async function killOnce(): Promise<number> {
    const database = await freshDatabaseUrl(engine);
    const { env, key } = durableAccount(database.url, 0);
    const run = new CrashRun(database);
    const batches: Batch[] = [];
    /** How long answered batches took, in ms: the kill lands within one batch's time of a send. */
    const took: number[] = [];
    let sent = () => {};
    const batchSent = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const send = async (batch: Batch) => {
      const answer = await fetch(`${run.baseUrl}/v1/pets/batch`, {
        method: 'POST',
        headers: {
          ...bearer(key),
          'content-type': 'application/json',
          'idempotency-key': batch.key,
        },
        body: batch.body,
        signal: AbortSignal.timeout(15_000),
      });
      expect(answer.status).toBe(200);
      return (await answer.json()) as PetBatchResults;
    };
    const stream = async (number: number) => {
      for (let n = 0; !run.halt(); n++) {
        const made: { id: number; name: string }[] = [];
        for (let i = 0; i < ITEMS; i++) {
          const name = `S${number} B${n} P${i}`;
          const created = await fetch(`${run.baseUrl}/v1/pets`, {
            method: 'POST',
            headers: { ...bearer(key), 'content-type': 'application/json' },
            body: JSON.stringify({ name, categoryId: 1 }),
          }).catch(() => undefined);
          if (created?.status !== 201) return;
          made.push({ id: ((await created.json()) as { id: number }).id, name });
        }
        const items = made.map(({ id, name }, index) => itemOf(id, name, index));
        const batch: Batch = {
          key: `batch ${number} ${n}`,
          body: JSON.stringify({ items: items.map(({ item }) => item) }),
          petIds: made.map(({ id }) => id),
          due: { results: items.map(({ due }) => due) } as PetBatchResults,
        };
        batches.push(batch);
        if (took.length >= 4) sent();
        const started = performance.now();
        batch.answer = await send(batch).catch(() => 'unanswered' as const);
        took.push(performance.now() - started);
        if (batch.answer === 'unanswered') return;
      }
    };
    try {
      await run.start(env);
      run.load(...Array.from({ length: STREAMS }, (_, number) => stream(number)));
      await Promise.race([batchSent, setTimeout(60_000).then(() => expect.fail('no batch sent'))]);
      await setTimeout(Math.random() * Math.min(...took));
      await run.kill();
      await run.restart();

      // What the kill left: an unanswered batch is applied up to some item, or not at all.
      const unanswered = batches.filter((batch) => batch.answer === 'unanswered');
      let halfApplied = 0;
      for (const batch of unanswered) {
        const events = await trailOf(run.baseUrl, key, batch.petIds);
        const applied = batch.petIds.filter((id) => (events.get(id) ?? []).length > 1).length;
        if (applied > 0 && applied < batch.petIds.length) halfApplied++;
      }

      // Every batch, answered or not, sent again with its key: the results of one whole run, and
      // for a batch answered before the kill exactly the answer it had.
      for (const batch of batches) {
        const again = await send(batch);
        expect(again).toEqual(batch.due);
        if (batch.answer !== 'unanswered') expect(again).toEqual(batch.answer);
        expect(await send(batch)).toEqual(again);
      }

      // Each pet changed or removed exactly once: its creation and one event of its item.
      const everyPet = batches.flatMap((batch) => batch.petIds);
      const events = await trailOf(run.baseUrl, key, everyPet);
      for (const [index, id] of everyPet.entries())
        expect([id, events.get(id)]).toEqual([
          id,
          ['pet.created', (index % ITEMS) % 5 === 4 ? 'pet.deleted' : 'pet.updated'],
        ]);
      return halfApplied;
    } finally {
      await run.end();
    }
  }
});

/** The actions of each of `ids`' audit events, oldest first. */
async function trailOf(baseUrl: string, key: string, ids: number[]) {
  const wanted = new Set(ids);
  const events = await fetchAll<AuditEvent>(
    `${baseUrl}/v1/admin/audit?targetType=pet&limit=100`,
    bearer(key),
  );
  const byPet = new Map<number, string[]>();
  for (const { action, target } of events.reverse())
    if (wanted.has(target.id)) byPet.set(target.id, [...(byPet.get(target.id) ?? []), action]);
  return byPet;
}
