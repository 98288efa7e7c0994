// The one rule for text people type: what pet names, account names and key labels refuse, empty
// text, and lengths counted in code points after trimming.
import { describe, expect, it } from 'vitest';
import { AccountName, KeyLabel } from './account.schema.js';
import { PetName } from './pet.schema.js';
import { TEXT_PATTERN } from './text.schema.js';
import { toErrorDetails } from './validation.js';

const issues = (schema: typeof PetName, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : toErrorDetails(result.error).map((detail) => detail.issue);
};

describe.each([
  ['pet names', PetName],
  ['account names', AccountName],
  ['key labels', KeyLabel],
])('the text rule for %s', (_what, schema) => {
  it.each([
    ['Rex', 'Rex'],
    ['  Émilie  ', 'Émilie'],
    ['Пушок', 'Пушок'],
    ['ポチ', 'ポチ'],
    ['قطة', 'قطة'],
    // A family emoji is joined with zero-width joiners, and flags are pairs: visible all the same.
    ['👩‍👩‍👧 and 🇫🇷', '👩‍👩‍👧 and 🇫🇷'],
    ['Rex\u200bRex', 'Rex\u200bRex'],
  ])('accepts %j', (input, stored) => {
    expect(schema.parse(input)).toBe(stored);
  });

  it.each([
    ['a NUL', 'Rex\u0000', 'must not contain control characters'],
    ['a terminal escape sequence', '\u001b[2J\u001b[31mRex', 'must not contain control characters'],
    ['a C1 control', 'Rex\u009b', 'must not contain control characters'],
    ['a line break', 'Rex\nMax', 'must not contain control characters'],
    [
      'a right-to-left override',
      'Rex\u202egpj.exe',
      'must not contain bidirectional control characters',
    ],
    ['a bidi isolate', '\u2066Rex\u2069', 'must not contain bidirectional control characters'],
    ['a lone surrogate', 'Rex\ud800', 'must be well-formed Unicode'],
    ['only a zero-width space', '\u200b', 'must contain a visible character'],
    ['only Hangul fillers', '\u3164\u3164', 'must contain a visible character'],
    ['only blank braille', '\u2800', 'must contain a visible character'],
    [
      'only a byte order mark and a zero-width joiner',
      '\ufeff\u200d',
      'must contain a visible character',
    ],
  ])('refuses %s', (_case, input, issue) => {
    expect(issues(schema, input)).toContain(issue);
  });

  it('refuses what is not a string, and says so once', () => {
    expect(issues(schema, 42)).toEqual(['must be a string']);
    expect(issues(schema, undefined)).toEqual(['is required']);
  });
});

describe('empty text', () => {
  it('is refused for names (once, without other complaints) and allowed for labels', () => {
    expect(issues(PetName, '   ')).toEqual(['must not be empty']);
    expect(issues(AccountName, '')).toEqual(['must not be empty']);
    expect(KeyLabel.parse('  ')).toBe('');
  });
});

describe('lengths', () => {
  it('count Unicode code points after trimming', () => {
    expect(PetName.parse(` ${'😀'.repeat(100)} `)).toHaveLength(200);
    expect(issues(PetName, '😀'.repeat(101))).toEqual(['must be at most 100 characters']);
    expect(issues(AccountName, 'a'.repeat(201))).toEqual(['must be at most 200 characters']);
    expect(issues(KeyLabel, 'a'.repeat(101))).toEqual(['must be at most 100 characters']);
  });
});

describe('the pattern the OpenAPI document gives the rule', () => {
  const pattern = new RegExp(TEXT_PATTERN);

  it('refuses every control and bidirectional control character the rule refuses', () => {
    for (let code = 0; code <= 0x2069; code++) {
      const character = String.fromCharCode(code);
      const refused = /\p{Cc}|[\u202a-\u202e\u2066-\u2069]/u.test(character);
      expect(pattern.test(`Rex${character}`), `U+${code.toString(16)}`).toBe(!refused);
    }
  });

  it('writes the control characters as \\x escapes, never \\u escapes or the characters themselves', () => {
    // Generators print `pattern` into a regular expression literal; one (hey-api) turns each `\u`
    // escape of what it prints into the character, which would put NUL bytes into its code.
    expect(TEXT_PATTERN).toContain('\\x00-\\x1f\\x7f-\\x9f');
    expect(TEXT_PATTERN).not.toMatch(/\\u00/);
    expect(TEXT_PATTERN).not.toMatch(/\p{Cc}/u);
  });
});
