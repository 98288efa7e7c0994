/**
 * How unit tests read tables, dialogs, live regions and a field's message, as assistive technology
 * finds them.
 */
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { apiError } from './fake-client.js';

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

/** The button of that name in the dialog open now. */
export const dialogButton = (name: string): HTMLElement =>
  within(screen.getByRole('dialog')).getByRole('button', { name });

/**
 * `loading` is said in a live region until `pending` fails; then the API's error is said there,
 * and no table is shown.
 */
export async function expectLoadingThenError(
  loading: string,
  pending: { reject: (error: unknown) => void },
): Promise<void> {
  expect(screen.getByText(loading).closest('[aria-live]')).not.toBeNull();
  pending.reject(apiError({ message: 'Internal error.' }));
  const error = await screen.findByText(/^Internal error\./);
  expect(error.closest('[aria-live]')).not.toBeNull();
  expect(screen.queryByRole('table')).toBeNull();
}
