// The pets list's query plans on each database: every combination of filters, owner=me included, is
// served by an index, never a full scan, and a page by status needs no sort; a search (q), with any
// filter and in any order, reads the pets its index finds, never every pet.
import { LIST_PETS_SORTS } from '@pets/contract';
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/test-app.js';
import type { Statement } from '../database/statement.js';
import { usePlans } from '../../test/query-plan.js';
import { PetsRepository, searchTerms } from './pets.repository.js';

type Filter = Parameters<PetsRepository['page']>[0][number];

const VALUES = {
  status: 'sold',
  categoryId: 3,
  nameFrom: 're',
  nameTo: 're\u{10FFFF}',
  owner: 2,
  afterId: 0,
  afterKey: '',
  namedBelow: 7_000,
  ...searchTerms('jr cuit'),
  limit: 21,
};

/** Every combination of the list's filters, and the index that must serve it where one is meant to. */
const COMBINATIONS: [Filter[], RegExp | undefined][] = [
  [[], /INTEGER PRIMARY KEY|pets_pkey/],
  [['status'], /pets_status_id\b/],
  [['categoryId'], /pets_category_id\b/],
  [['status', 'categoryId'], /pets_status_category_id\b/],
  [['name'], /pets_name_key\b/],
  [['status', 'name'], undefined],
  [['categoryId', 'name'], undefined],
  [['status', 'categoryId', 'name'], undefined],
  [['owner'], /pets_owner_account_id\b/],
  [['ownerOrStaff'], /pets_owner_account_id\b/],
];

const OTHERS: Filter[][] = [
  ['status'],
  ['categoryId'],
  ['name'],
  ['status', 'categoryId'],
  ['status', 'categoryId', 'name'],
];

/** `owner=me` (a partner's, or staff's) with the other filters. */
const WITH_OWNER: [Filter[]][] = (['owner', 'ownerOrStaff'] as const).flatMap((owner) =>
  OTHERS.map((others): [Filter[]] => [[...others, owner]]),
);

/** A filter's own index. */
const FILTER_INDEX =
  /pets_(status_id|category_id|status_category_id|name_key|owner_account_id|unowned)\b/;

describe.each(ENGINES)('the pets list on %s', (engine) => {
  const plans = usePlans(engine);
  const { t } = plans;
  const plan = (statement: Statement<typeof VALUES, unknown>) => plans.plan(statement, VALUES);

  it.each(COMBINATIONS)('with %j is served by an index, never a full scan', async (used, index) => {
    const detail = await plan(t.app.get(PetsRepository).page(used));
    // (A sequential scan of id_base, the one-row table of list order, is its best plan.)
    expect(detail).not.toMatch(/SCAN pets\b(?! USING)|Seq Scan on pets\b/);
    if (index) expect(detail).toMatch(index);
  });

  it.each(WITH_OWNER)(
    'with %j is served by filter indexes, never a full scan or a walk along the primary key',
    async (used) => {
      const detail = await plan(t.app.get(PetsRepository).page(used));
      expect(detail).not.toMatch(
        /SCAN pets\b(?! USING)|Seq Scan on pets\b|INTEGER PRIMARY KEY|pets_pkey/,
      );
      expect(detail).toMatch(FILTER_INDEX);
    },
  );

  // A staff's page is two pages merged (its account's pets and those with no owner): only the
  // merge may sort, never the pets read.
  it.each([['owner'], ['ownerOrStaff']] as const)(
    'pages by %s in id order straight from its indexes, sorting no pets read',
    async (owner) => {
      const detail = await plan(t.app.get(PetsRepository).page([owner]));
      expect(detail).not.toMatch(/SEARCH pets[^\n]*\nUSE TEMP B-TREE|\bSort\s+\(/);
      if (owner === 'owner') expect(detail).not.toMatch(/TEMP B-TREE|Sort/);
    },
  );

  /** Every combination of filters with a search. */
  const SEARCHES: Filter[][] = (
    [[], ...OTHERS, ['owner'], ['ownerOrStaff'], ['status', 'owner']] as Filter[][]
  ).map((others) => [...others, 'q']);

  it.each(LIST_PETS_SORTS.flatMap((sort) => SEARCHES.map((used) => [used, sort] as const)))(
    'with %j in %s order reads what the search index finds, never every pet',
    async (used, sort) => {
      const detail = await plan(t.app.get(PetsRepository).page(used, sort));
      expect(detail).toMatch(
        engine === 'sqlite'
          ? /SCAN pets_search VIRTUAL TABLE INDEX 0:M/
          : /Bitmap Index Scan on pets_search\b/,
      );
      expect(detail).not.toMatch(/SCAN pets\b(?! USING)|Seq Scan on pets\b/);
      // The pets are read by the ids the index gives, not by walking an index of every pet.
      expect(detail).not.toMatch(/SCAN pets USING|Index Scan using pets_pkey|pets_name_key/);
    },
  );

  it.each(
    (['-id', 'name', '-name'] as const).flatMap((sort) =>
      COMBINATIONS.map(([used]) => [used, sort] as const),
    ),
  )('with %j in %s order is served by an index, never a full scan', async (used, sort) => {
    const detail = await plan(t.app.get(PetsRepository).page(used, sort));
    expect(detail).not.toMatch(/SCAN pets\b(?! USING)|Seq Scan on pets\b/);
  });

  // (PostgreSQL, planning for an empty table, may sort the few rows it expects instead.)
  it.each(['name', '-name'] as const)('pages in %s order from the name index', async (sort) => {
    const detail = await plan(t.app.get(PetsRepository).page([], sort));
    expect(detail).toMatch(/pets_name_key\b/);
    if (engine === 'sqlite') expect(detail).not.toMatch(/TEMP B-TREE/);
  });

  it('pages by status in id order straight from its index, with no sort', async () => {
    const detail = await plan(t.app.get(PetsRepository).page(['status']));
    expect(detail).not.toMatch(/TEMP B-TREE|Sort/);
  });
});
