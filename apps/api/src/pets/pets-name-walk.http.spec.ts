// GET /v1/pets in name order while pets change, on each database: a walk never shows a pet twice,
// whatever is renamed between its pages (past the cursor, behind it, twice), created or removed; a
// pet renamed since the walk began may be missed; on PostgreSQL, a rename in flight at the first
// page is never shown again. A cursor made before walks had a bound pages on as it did.
import { describe, expect, it } from 'vitest';
import { anAccount } from '../../test/factories.js';
import { useApp, useInstances } from '../../test/instances.js';
import { nextPath, type Requests } from '../../test/requests.js';
import { ENGINES, type TestApp } from '../../test/test-app.js';
import { Cursors, encodeCursor } from '../paging/cursor.js';

interface Listed {
  id: number;
  name: string;
}

/** A partner of its own (its pets are a list of their own, `owner=me`) with pets of `names`. */
async function partnerWith(t: TestApp, label: string, names: readonly string[]) {
  const { key } = await t.createKey(anAccount({ name: label }));
  const partner = t.as(key);
  const create = async (name: string) => {
    const made = await partner.post('/v1/pets', { name, categoryId: 1 });
    expect(made.statusCode, made.body).toBe(201);
    return made.json<Listed>().id;
  };
  const rename = async (id: number, name: string) => {
    const renamed = await partner.patch(`/v1/pets/${id}`, { name });
    expect(renamed.statusCode, renamed.body).toBe(200);
  };
  const ids: number[] = [];
  for (const name of names) ids.push(await create(name));
  return { partner, create, rename, ids };
}

/** Where a walk goes from a page: its pets, and the next page's path (none after the last). */
async function pageOf(partner: Requests, path: string) {
  const page = await partner.get(path);
  expect(page.statusCode, page.body).toBe(200);
  return { pets: page.json<Listed[]>(), next: nextPath(page) };
}

const NAMES = ['m00', 'm01', 'm02', 'm03', 'm04', 'm05', 'm06', 'm07', 'm08', 'm09', 'm10'];

describe.each(ENGINES)('a walk in name order on %s', (engine) => {
  const { t, staff } = useApp({ engine }, { staff: anAccount({ role: 'staff' }) });

  it.each([
    ['name', 1],
    ['name', 2],
    ['-name', 1],
    ['-name', 2],
  ] as const)(
    'in %s order, %i a page, shows no pet twice while pets are renamed, created and removed',
    async (sort, limit) => {
      const { partner, create, rename, ids } = await partnerWith(t, `${sort} ${limit}`, NAMES);
      // Ahead of the walk and behind it, whatever its direction.
      const ahead = (n: number) => (sort === 'name' ? `z${n}` : `a${n}`);
      const behind = (n: number) => (sort === 'name' ? `a${n}` : `z${n}`);
      const inWalkOrder = sort === 'name' ? [...ids] : [...ids].reverse();
      const seen: Listed[] = [];
      const changed = new Set<number>();
      let createdAhead = 0;
      let path: string | undefined = `/v1/pets?owner=me&sort=${sort}&limit=${limit}`;
      for (let page = 0; path !== undefined; page++) {
        const { pets, next } = await pageOf(partner, path);
        seen.push(...pets);
        path = next;
        const shown = new Set(seen.map((pet) => pet.id));
        const unseen = inWalkOrder.filter((id) => !shown.has(id) && !changed.has(id));
        const change = async (id: number | undefined, act: (id: number) => Promise<void>) => {
          if (id === undefined) return;
          changed.add(id);
          await act(id);
        };
        if (page === 0) {
          // One shown is renamed past the cursor; the last still to come, behind it.
          await change(seen[0]?.id, (id) => rename(id, ahead(1)));
          await change(unseen.at(-1), (id) => rename(id, behind(1)));
        } else if (page === 1) {
          // One shown is renamed twice, past the cursor and back behind it; pets are created.
          await change(seen.at(-1)?.id, async (id) => {
            await rename(id, ahead(2));
            await rename(id, behind(2));
          });
          createdAhead = await create(ahead(3));
          await create(behind(3));
        } else if (page === 2) {
          // One still to come is removed; another is renamed to a place still ahead.
          await change(unseen[0], async (id) => {
            const removed = await t.as(staff.key).delete(`/v1/pets/${id}`);
            expect(removed.statusCode).toBe(204);
          });
          await change(unseen[1], (id) => rename(id, ahead(4)));
        } else {
          // Then, after every page, the last shown moves past the cursor.
          await change(seen.at(-1)?.id, (id) => rename(id, ahead(5 + page)));
        }
      }
      const shown = seen.map((pet) => pet.id);
      expect(new Set(shown).size, JSON.stringify(seen)).toBe(shown.length);
      // Every pet left alone is shown, in order; one created ahead of the walk is shown too.
      const alone = inWalkOrder.filter((id) => !changed.has(id));
      expect(shown.filter((id) => alone.includes(id))).toEqual(alone);
      expect(shown).toContain(createdAhead);
      expect(changed.size).toBeGreaterThanOrEqual(6);
    },
  );

  it('pages on from a cursor made before walks had a bound, leaving no renamed pet out', async () => {
    const { partner, rename, ids } = await partnerWith(t, 'old cursor', ['b', 'c', 'd']);
    const [b = 0, c = 0] = ids;
    // As the release before made it after `b`: no bound.
    const cursor = encodeCursor(t.app.get(Cursors), {
      afterId: b,
      afterKey: 'b',
      status: undefined,
      owner: 'me',
      sort: 'name',
    });
    await rename(c, 'e');
    const { pets, next } = await pageOf(partner, `/v1/pets?owner=me&sort=name&cursor=${cursor}`);
    expect(pets.map((pet) => pet.name)).toEqual(['d', 'e']);
    expect(next).toBeUndefined();
  });
});

describe('a walk in name order on postgres, a rename in flight', () => {
  const { first: t, psql } = useInstances({ count: 1 });

  it('is not shown again once it commits, at its new place ahead of the walk', async () => {
    const { partner, ids } = await partnerWith(t, 'held', ['h a', 'h b', 'h c']);
    const [renamed = 0] = ids;
    // A rename held open (past the API, which would wait for it) across the first page.
    await psql.query('BEGIN');
    await psql.query(`UPDATE pets SET name = 'h z', name_key = 'h z' WHERE id = $1`, [renamed]);
    try {
      const { pets, next } = await pageOf(partner, '/v1/pets?owner=me&sort=name&limit=1');
      expect(pets.map((pet) => pet.name)).toEqual(['h a']);
      await psql.query('COMMIT');
      const rest: string[] = [];
      for (let path = next; path !== undefined;) {
        const page = await pageOf(partner, path);
        rest.push(...page.pets.map((pet) => pet.name));
        path = page.next;
      }
      expect(rest).toEqual(['h b', 'h c']);
      // A walk begun now shows it at its new place.
      const { pets: all } = await pageOf(partner, '/v1/pets?owner=me&sort=name');
      expect(all.map((pet) => pet.name)).toEqual(['h b', 'h c', 'h z']);
    } finally {
      await psql.query('ROLLBACK');
    }
  });
});
