/** Addresses within the accounts pages, relative to where the router nests them (/admin/accounts). */
export const ACCOUNTS_PATH = '';

export const accountPath = (id: number): string => `/${String(id)}`;

/** The id in an account's address, or undefined when it cannot be one. */
export function accountIdOf(param: string): number | undefined {
  const id = /^[1-9][0-9]*$/.test(param) ? Number(param) : NaN;
  return Number.isSafeInteger(id) ? id : undefined;
}
