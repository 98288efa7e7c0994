/**
 * Archiving a category while pets are being created in it, on PostgreSQL through two instances
 * (docs/partners/categories.md): every pet acknowledged committed before the archive did, and no pet in the
 * category committed after it. The server records when each transaction committed
 * (`track_commit_timestamp`), so the test compares the commit of each new pet's row with the
 * commit of the archive, as the server itself saw them.
 */
import { ARCHIVED_CATEGORY, type Category, type Pet } from '@pets/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { anAccount } from '../../test/factories.js';
import { holdInserts, untilHeld, useInstances } from '../../test/instances.js';
import type { TestApp } from '../../test/test-app.js';

/**
 * Pets named so wait in their transaction, after their insert, before they commit: a held pet long
 * enough for `untilHeld`'s polling to see it on a machine busy with other suites (it missed a
 * one-second hold once, and waited to the test's timeout).
 */
const SLOW = [
  ...holdInserts('held_pet', 'pets', "NEW.name LIKE 'Held%'", '5'),
  ...holdInserts('raced_pet', 'pets', "NEW.name LIKE 'Raced%'", 'random() * 0.05'),
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('archiving a category while pets are created in it, on PostgreSQL with two instances', () => {
  // A server of its own, recording when each transaction commits.
  const { first, second, psql } = useInstances({
    ownServer: { database: 'race', settings: { track_commit_timestamp: 'on' } },
    statements: SLOW,
  });
  let key: string;

  beforeAll(async () => {
    ({ key } = await first.createKey(anAccount({ name: 'Staff', role: 'staff' })));
  });

  const newCategory = async (name: string) => {
    const response = await first.as(key).post('/v1/categories', { name });
    expect(response.statusCode).toBe(201);
    return response.json<Category>().id;
  };
  const archive = (instance: TestApp, id: number) =>
    instance.as(key).patch(`/v1/categories/${id}`, { archived: true });

  /** When the transaction that last wrote the category (its archive) committed, in µs. */
  const archivedAt = async (id: number) => {
    const { rows } = await psql.query<{ at: string }>(
      `SELECT (extract(epoch FROM pg_xact_commit_timestamp(xmin)) * 1e6)::bigint::text AS at
       FROM categories WHERE id = $1`,
      [id],
    );
    return BigInt(rows[0]?.at ?? '0');
  };
  /** Every pet in the category, with when the transaction that inserted it committed, in µs. */
  const petsCommitted = async (id: number) => {
    const { rows } = await psql.query<{ id: string; at: string }>(
      `SELECT id::text, (extract(epoch FROM pg_xact_commit_timestamp(xmin)) * 1e6)::bigint::text AS at
       FROM pets WHERE category_id = $1 ORDER BY id`,
      [id],
    );
    return rows.map((row) => ({ id: Number(row.id), at: BigInt(row.at) }));
  };

  it('an archive waits for a pet being created in the category, which commits first', async () => {
    const category = await newCategory('Held');
    const held = first.as(key).post('/v1/pets', { name: 'Held pet', categoryId: category });
    // Until the pet's transaction has checked the category and inserted, and sleeps.
    await untilHeld(psql);
    const archived = await archive(second, category);
    expect(archived.statusCode).toBe(200);
    const created = await held;
    expect(created.statusCode).toBe(201);

    const [pet] = await petsCommitted(category);
    expect(pet?.id).toBe(created.json<Pet>().id);
    expect(pet!.at).toBeLessThan(await archivedAt(category));
    const late = await first.as(key).post('/v1/pets', { name: 'Late', categoryId: category });
    expect(late.json()).toMatchObject({
      status: 400,
      details: [{ field: 'categoryId', issue: ARCHIVED_CATEGORY }],
    });
  });

  it('of many creates on both instances around an archive, each 201 committed before it and every other was refused', async () => {
    const category = await newCategory('Raced');
    const answers: Promise<{ statusCode: number; body: string }>[] = [];
    const creating = { on: true };
    // Creates on both instances, many in flight at a time, until a while after the archive.
    const creators = Array.from({ length: 8 }, async (_, worker) => {
      for (let n = 0; creating.on; n++) {
        const answer = (worker % 2 === 0 ? first : second).as(key).post('/v1/pets', {
          name: `Raced ${worker}-${n}`,
          categoryId: category,
        });
        answers.push(answer);
        await answer;
      }
    });
    await sleep(300);
    const archived = await archive(second, category);
    await sleep(200);
    creating.on = false;
    await Promise.all(creators);
    expect(archived.statusCode).toBe(200);

    const settled = await Promise.all(answers);
    const acknowledged = settled
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => (JSON.parse(answer.body) as Pet).id)
      .sort((a, b) => a - b);
    const refused = settled.filter((answer) => answer.statusCode !== 201);
    // The race happened: pets were created before the archive, and refused after it.
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused)
      expect(JSON.parse(answer.body)).toMatchObject({
        status: 400,
        details: [{ field: 'categoryId', issue: ARCHIVED_CATEGORY }],
      });

    // The category holds exactly the pets acknowledged, each committed before the archive.
    const at = await archivedAt(category);
    const committed = await petsCommitted(category);
    expect(committed.map((pet) => pet.id)).toEqual(acknowledged);
    for (const pet of committed) expect(pet.at).toBeLessThan(at);
  });
});
