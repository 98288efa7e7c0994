/**
 * The pets list as CSV (RFC 4180): a header row, CRLF line ends, cells quoted where needed and
 * neutralised for spreadsheets, written page by page as the rows are read so that a large table is
 * never held whole in memory.
 */
import { Readable } from 'node:stream';
import { CSV_FORMULA_STARTS, type Pet, PETS_CSV_COLUMNS } from '@pets/contract';

const LINE_END = '\r\n';
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell: prefixed with `'` when a spreadsheet would read it as a formula (it starts with `=`,
 * `+`, `-`, `@`, a tab or a carriage return), then in double quotes, its quotes doubled, when it
 * holds a comma, a quote or a line break.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (CSV_FORMULA_STARTS.some((start) => text.startsWith(start))) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line of cells, with its line end. */
export const csvLine = (cells: readonly (string | number)[]): string =>
  `${cells.map(csvCell).join(',')}${LINE_END}`;

/** The header row. */
export const PETS_CSV_HEADER = csvLine(PETS_CSV_COLUMNS);

/** The lines of a page of pets, in the header's column order. */
export const petsCsvLines = (pets: readonly Pet[]): string =>
  pets.map((pet) => csvLine(PETS_CSV_COLUMNS.map((column) => pet[column]))).join('');

/**
 * The file as a stream: the header, then each page's lines as `pages` yields it. The next page is
 * read only when the client has taken the last one (the stream's back-pressure).
 */
export function petsCsv(pages: AsyncIterable<readonly Pet[]>): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield PETS_CSV_HEADER;
    for await (const page of pages) if (page.length > 0) yield petsCsvLines(page);
  }
  return Readable.from(lines(), { objectMode: false });
}
