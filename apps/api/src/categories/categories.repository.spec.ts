// The categories list's query plan on each database: a page in id order from the primary key, each
// category's petCount counted from the index of pets not removed, never from a scan of the pets.
import { describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/test-app.js';
import { usePlans } from '../../test/query-plan.js';
import { CategoriesRepository } from './categories.repository.js';

describe.each(ENGINES)('the categories list on %s', (engine) => {
  const { t, plan } = usePlans(engine);

  it('counts pets from their index of pets not removed alone, and reads no pet row', async () => {
    const { statements } = t.app.get(CategoriesRepository);
    for (const detail of [
      await plan(statements.page, { afterId: 0, limit: 21 }),
      await plan(statements.byId, { id: 1 }),
    ]) {
      expect(detail).toMatch(
        engine === 'sqlite'
          ? /SEARCH pets USING COVERING INDEX pets_category_live \(category_id=\?/
          : /Index Only Scan using pets_category_live on pets/,
      );
      expect(detail).not.toMatch(/SCAN pets\b(?! USING)|Seq Scan on pets\b|Heap Scan on pets/);
    }
  });
});
