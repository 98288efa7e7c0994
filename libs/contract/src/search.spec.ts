// Search's folding: names and queries read alike, whatever their case, accents, script or form.
import { describe, expect, it } from 'vitest';
import { searchText, searchWords } from './search.js';

describe('searchWords', () => {
  it.each([
    ['Biscuit Jr.', ['biscuit', 'jr']],
    ['  waf', ['waf']],
    ['Café', ['cafe']],
    ['Cafe\u0301 au lait', ['cafe', 'au', 'lait']],
    ['STRASSE Straße', ['strasse', 'strasse']],
    ['ΟΔΟΣ οδός', ['οδοσ', 'οδοσ']],
    ['Барсик-Ёж', ['барсик', 'еж']],
    ['小白 ＡＢＣ', ['小白', 'abc']],
    ['İstanbul', ['istanbul']],
    ["O'Brien #2", ['o', 'brien', '2']],
    ['!?', []],
  ])('reads %j as %j', (text, words) => {
    expect(searchWords(text)).toEqual(words);
  });

  it('keeps Hangul syllables whole', () => {
    expect(searchWords('초코 Choco')).toEqual(['초코', 'choco']);
  });
});

describe('searchText', () => {
  it('puts every word between two spaces, so a word starts after two', () => {
    expect(searchText('Biscuit Jr.')).toBe('  biscuit  jr  ');
  });

  it('is empty for a name without words', () => {
    expect(searchText('!!')).toBe('');
  });
});
