/**
 * The addresses of the accounts pages, and the account id an address names.
 */
import { isIdText } from '@pets/contract';

/** Addresses within the accounts pages, relative to where the router nests them (/admin/accounts). */
export const ACCOUNTS_PATH = '';

export const accountPath = (id: number): string => `/${String(id)}`;

/** The id in an account's address, or undefined when it cannot be one. */
export const accountIdOf = (param: string): number | undefined =>
  isIdText(param) ? Number(param) : undefined;
