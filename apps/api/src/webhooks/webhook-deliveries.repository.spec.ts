// An endpoint's attempt log, as its page reads it on each database: newest first from the index of
// the endpoint's attempts, each attempt's number counted from the same index, never a table scan.
import { describe, expect, it } from 'vitest';
import { usePlans } from '../../test/query-plan.js';
import { ENGINES } from '../../test/test-app.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';

describe.each(ENGINES)("an endpoint's attempts on %s", (engine) => {
  const { t, plan } = usePlans(engine);

  it("are read and counted from the index of the endpoint's attempts", async () => {
    const { statements } = t.app.get(WebhookDeliveriesRepository);
    const detail = await plan(statements.attempts, { endpointId: 6, beforeId: 1_000, limit: 21 });
    for (const table of ['a', 'b'])
      expect(detail).toMatch(
        engine === 'sqlite'
          ? new RegExp(`SEARCH ${table} USING INDEX webhook_attempts_endpoint \\(endpoint_id=\\?`)
          : new RegExp(
              `Index Scan( Backward)? using webhook_attempts_endpoint on webhook_attempts ${table}\\b`,
            ),
      );
    expect(detail).not.toMatch(/SCAN (a|b)\b(?! USING)|Seq Scan on webhook_attempts/);
  });
});
