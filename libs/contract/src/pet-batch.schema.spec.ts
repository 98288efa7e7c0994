// The body of POST /v1/pets/batch in the contract: each item a patch or a removal, never both, 1 to
// 100 of them, each problem named by its field as the API names it.
import { describe, expect, it } from 'vitest';
import { BATCH_ITEMS_MAX } from './limits.js';
import { PetBatch } from './pet-batch.schema.js';
import { toErrorDetails } from './validation.js';

const problems = (value: unknown) => {
  const result = PetBatch.safeParse(value);
  return result.success ? [] : toErrorDetails(result.error);
};

describe('PetBatch', () => {
  it('takes patches and removals, in order', () => {
    const items = [
      { petId: 1, patch: { status: 'sold' } },
      { petId: 2, delete: true },
    ];
    expect(PetBatch.parse({ items })).toEqual({ items });
  });

  it('refuses an item with both or neither of patch and delete, or a delete that is not true', () => {
    const either = 'must have either `patch` or `delete`, not both';
    expect(problems({ items: [{ petId: 1 }] })).toEqual([{ field: 'items[0]', issue: either }]);
    expect(problems({ items: [{ petId: 1, patch: { name: 'A' }, delete: true }] })).toEqual([
      { field: 'items[0]', issue: either },
    ]);
    expect(problems({ items: [{ petId: 1, delete: false }] })).toEqual([
      { field: 'items[0].delete', issue: 'must be true' },
    ]);
  });

  it(`refuses a body, items or an item of the wrong kind, and 0 or more than ${BATCH_ITEMS_MAX} items`, () => {
    expect(problems([])).toEqual([{ field: '', issue: 'must be a JSON object' }]);
    expect(problems({ items: {} })).toEqual([{ field: 'items', issue: 'must be an array' }]);
    expect(problems({ items: [7] })).toEqual([
      { field: 'items[0]', issue: 'must be a JSON object' },
    ]);
    const count = `must hold 1 to ${BATCH_ITEMS_MAX} items`;
    expect(problems({ items: [] })).toEqual([{ field: 'items', issue: count }]);
    const many = Array.from({ length: BATCH_ITEMS_MAX + 1 }, () => ({ petId: 1, delete: true }));
    expect(problems({ items: many })).toEqual([{ field: 'items', issue: count }]);
  });
});
