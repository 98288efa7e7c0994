/**
 * A pet's own page: its address, the pet id an address names, and how the list remembers which
 * pet was opened so that Back puts focus on it again.
 */
import { isIdText } from '@pets/contract';

/** The address of a pet's page, within the admin. */
export const petPath = (id: number): string => `/pets/${String(id)}`;

/** The id in a pet page's address, or undefined when it cannot be one. */
export const petIdOf = (param: string | undefined): number | undefined =>
  param !== undefined && isIdText(param) ? Number(param) : undefined;

/** The id of the link to a pet's page in the list, which Back gives focus to. */
export const petLinkId = (id: number): string => `pet-${String(id)}-link`;

/** What the list's entry in the browser's history keeps: the pet opened from it. */
export interface ListReturn {
  openedPetId: number;
}

/** The pet opened from the list, read back from its history entry's state. */
export const openedPetIdOf = (state: unknown): number | undefined =>
  typeof state === 'object' &&
  state !== null &&
  'openedPetId' in state &&
  typeof state.openedPetId === 'number'
    ? state.openedPetId
    : undefined;

/** What a pet page's history entry keeps: the list's address it was opened from. */
export const listAddressOf = (state: unknown): string | undefined =>
  typeof state === 'object' &&
  state !== null &&
  'list' in state &&
  typeof state.list === 'string' &&
  /^\/pets(\?|$)/.test(state.list)
    ? state.list
    : undefined;

/** The Orders page showing one pet's orders. */
export const petOrdersPath = (id: number): string => `/orders?petId=${String(id)}`;
