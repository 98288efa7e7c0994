// `expand` in the contract: the fields a list can expand, each at most once, in the list's own
// order whatever the order asked, and the same text again for a `Link`.
import { describe, expect, it } from 'vitest';
import { expandParam, expandText } from './expand.schema.js';
import { toErrorDetails } from './validation.js';

const expand = expandParam(['pet', 'account'], 'testExpand', 'Names.');
const problems = (value: unknown) => {
  const result = expand.safeParse(value);
  return result.success ? [] : toErrorDetails(result.error);
};

describe('expandParam', () => {
  it('reads the fields named, in its own order', () => {
    expect(expand.parse('account,pet')).toEqual(['pet', 'account']);
    expect(expand.parse('account')).toEqual(['account']);
    expect(expand.parse(undefined)).toBeUndefined();
  });

  it('refuses a field named twice, an unknown one, or an empty one', () => {
    const issue = 'must be a comma-separated list of pet, account, each at most once';
    for (const text of ['pet,pet', 'pet,owner', 'pet,', ''])
      expect(problems(text), text).toEqual([{ field: '', issue }]);
  });
});

describe('expandText', () => {
  it('writes the fields back as a list, or nothing', () => {
    expect(expandText(['pet', 'account'])).toBe('pet,account');
    expect(expandText(undefined)).toBeUndefined();
  });
});
