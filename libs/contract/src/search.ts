/**
 * How pets are searched by name (`q` on listPets): a name and a query are folded alike
 * (compatibility forms, accents and case set aside, in every script) and read as words of letters
 * and digits. A query word of {@link SEARCH_START_MAX} characters or fewer matches the start of a
 * word of the name; a longer one matches anywhere in a word.
 */

/** The longest `q`, in characters (code points). */
export const Q_MAX_LENGTH = 100;

/** Query words this long or shorter match only the start of a word. */
export const SEARCH_START_MAX = 2;

/** Nonspacing marks (accents) once a text is decomposed. */
const NONSPACING_MARKS = /\p{Mn}/gu;
/** What separates words: anything but letters, digits and the marks that remain. */
const NOT_WORD = /[^\p{L}\p{N}\p{M}]+/u;

/** One character folded: `ß` to `ss`, `ς` and `Σ` to `σ`, with no rule of context. */
const foldCase = (character: string): string => character.toUpperCase().toLowerCase();

/** The words of `text` as search compares them, in order: folded, punctuation and space dropped. */
export function searchWords(text: string): string[] {
  const bare = text.normalize('NFKD').replace(NONSPACING_MARKS, '');
  const folded = Array.from(bare, foldCase).join('').normalize('NFKC');
  return folded.split(NOT_WORD).filter((word) => word !== '');
}

/**
 * A name as search reads it: its words, each between two spaces (`"  biscuit  jr  "`), so that the
 * start of a word is two spaces and the word's first character; `''` for a name without words.
 */
export function searchText(name: string): string {
  const words = searchWords(name);
  return words.length === 0 ? '' : `  ${words.join('  ')}  `;
}
