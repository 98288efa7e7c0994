/**
 * How `npm run keys` prints: a command's outcome as text or, with --json, as its data; rows as a
 * table; and text from the database with anything that could act on a terminal escaped.
 */

/** What a command did: the text a person reads, and the data --json prints instead. */
export interface Outcome {
  text: string;
  data: unknown;
}

export const printed = (outcome: Outcome, json: boolean): string =>
  json ? JSON.stringify(outcome.data, null, 2) : outcome.text;

/** Characters that could act on a terminal or reorder what it shows. */
const UNSAFE_FOR_TERMINAL = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Text from the database as a terminal should show it: control and bidirectional control characters
 * (stored before the text rule refused them, say) written as `\u{…}` escapes, never sent raw.
 */
export const forTerminal = (text: string): string =>
  text.replace(
    UNSAFE_FOR_TERMINAL,
    (character) => `\\u{${(character.codePointAt(0) ?? 0).toString(16)}}`,
  );

const cell = (value: unknown): string =>
  value === null || value === undefined
    ? '-'
    : typeof value === 'string'
      ? forTerminal(value)
      : JSON.stringify(value);

/** Rows as aligned columns under their names, or `(none)`. */
export function table(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '(none)';
  const columns = Object.keys(rows[0] ?? {});
  const cells = rows.map((row) => columns.map((column) => cell(row[column])));
  const widths = columns.map((column, i) =>
    Math.max(column.length, ...cells.map((cell) => cell[i]?.length ?? 0)),
  );
  const line = (values: string[]) =>
    values
      .map((value, i) => value.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(columns), ...cells.map(line)].join('\n');
}
