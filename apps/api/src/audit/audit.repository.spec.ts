// The audit trail's query plans on each database: with its names (`expand=actor,target`), a page
// reads each actor's and target's row by its primary key, never a scan of accounts, keys, people,
// pets, categories or passkeys, whatever its filters.
import type { AuditExpansion } from '@pets/contract';
import { describe, expect, it } from 'vitest';
import { usePlans } from '../../test/query-plan.js';
import { ENGINES } from '../../test/test-app.js';
import { AuditRepository } from './audit.repository.js';

type Filter = Parameters<AuditRepository['page']>[0][number];

const VALUES = {
  targetType: 'pet',
  targetId: 3,
  actorAccountId: 2,
  beforeId: 99,
  limit: 21,
} as const;

/** A scan of a named table, not a search by its key (`SCAN t_pet`, `Seq Scan on pets t_pet`). */
const JOINED_SCAN =
  /SCAN (actor_\w+|t_\w+)\b(?! USING)|Seq Scan on (accounts|api_keys|people|pets|categories|passkeys)\b/;

const CASES: [Filter[], boolean, AuditExpansion[]][] = [
  [[], false, ['actor', 'target']],
  [['targetType', 'targetId'], true, ['actor', 'target']],
  [['actorAccountId'], false, ['actor']],
  [['targetType'], true, ['target']],
];

describe.each(ENGINES)('the audit trail with names on %s', (engine) => {
  const { t, plan } = usePlans(engine);

  it.each(CASES)('with %j (after a cursor: %s), %j joined by key', async (used, before, expand) => {
    const detail = await plan(t.app.get(AuditRepository).page(used, before, expand), VALUES);
    expect(detail).not.toMatch(JOINED_SCAN);
    expect(detail).not.toMatch(/Seq Scan on audit_events\b/);
  });
});
