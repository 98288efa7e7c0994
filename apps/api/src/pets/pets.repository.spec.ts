// The pets list's query plans on each database: every combination of filters, owner=me included, is
// served by an index, never a full scan, and a page by status needs no sort.
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/test-app.js';
import type { Statement } from '../database/statement.js';
import { usePlans } from '../../test/query-plan.js';
import { PetsRepository } from './pets.repository.js';

type Filter = Parameters<PetsRepository['page']>[0][number];

const VALUES = {
  status: 'sold',
  categoryId: 3,
  nameFrom: 're',
  nameTo: 're\u{10FFFF}',
  owner: 2,
  afterId: 0,
  limit: 21,
} as const;

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

  it('pages by status in id order straight from its index, with no sort', async () => {
    const detail = await plan(t.app.get(PetsRepository).page(['status']));
    expect(detail).not.toMatch(/TEMP B-TREE|Sort/);
  });
});
