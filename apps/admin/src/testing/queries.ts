/** How unit tests read tables and a field's message, as assistive technology finds them. */
import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/** The row of the header cell (or, with `role`, the cell) of that name, shown now. */
export function getRow(
  name: string | RegExp,
  role: 'rowheader' | 'cell' = 'rowheader',
): HTMLTableRowElement {
  const row = screen.getByRole(role, { name }).closest('tr');
  if (!row) throw new Error(`no row for ${String(name)}`);
  return row;
}

/** The row of the header cell (or, with `role`, the cell) of that name, once it is shown. */
export async function findRow(
  name: string | RegExp,
  role: 'rowheader' | 'cell' = 'rowheader',
): Promise<HTMLTableRowElement> {
  const row = (await screen.findByRole(role, { name })).closest('tr');
  if (!row) throw new Error(`no row for ${String(name)}`);
  return row;
}

/**
 * A row's cells as a phone shows them, each with its column's name (`data-label`): `Label: text`,
 * leaving out the columns in `except`.
 */
export const labelledCells = (row: HTMLElement, except: readonly string[] = []): string[] =>
  [...row.querySelectorAll('td[data-label]')]
    .filter((cell) => !except.includes(cell.getAttribute('data-label') ?? ''))
    .map((cell) => `${cell.getAttribute('data-label')}: ${cell.textContent}`);

/** The message an invalid control points at with aria-describedby (the last it names). */
export const messageOf = (control: HTMLElement): string | null | undefined => {
  expect(control.getAttribute('aria-invalid')).toBe('true');
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ');
  return document.getElementById(ids.at(-1) ?? '')?.textContent;
};
