// Looking for numbers written with a fraction or an exponent walks any depth of body without
// recursion.
import { describe, expect, it } from 'vitest';
import { nonIntegerLiterals } from './json-literals.js';

describe('nonIntegerLiterals', () => {
  it.each([
    ['{"a": 1, "b": -2, "c": 0}', []],
    ['{"a": 1.0}', ['a']],
    ['{"a": -1e3, "b": 2E-1, "c": 3}', ['a', 'b']],
    ['{"a": {"b": [1, 2.5, {"c": 1e0}]}}', ['a.b[1]', 'a.b[2].c']],
    ['[1, 2, 3.0]', ['[2]']],
    ['{"x\\"1.5": 1.5, "s": "1.5e3", "t": true, "f": false, "n": null, "e": 7}', ['x"1.5']],
    ['{"a.b": 1.5}', ['a.b']],
    ['{"esc": "\\\\", "v": 4.0}', ['v']],
  ])('%s', (text, fields) => {
    JSON.parse(text);
    expect(nonIntegerLiterals(text)).toEqual(fields);
  });

  it('walks a body nested thousands of levels without recursion', () => {
    const depth = 8_000;
    const text = `${'['.repeat(depth)}1.5${']'.repeat(depth)}`;
    expect(nonIntegerLiterals(text)).toEqual(['[0]'.repeat(depth)]);
  });
});
