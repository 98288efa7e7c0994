/**
 * The pets list's page cursors: the last id served and the filters it was served under, sealed so
 * that a client cannot edit them, in the versions older cursors were made in.
 */
import {
  LIST_OWNER_ME,
  type ListPetsQuery,
  type PetStatus,
  PetStatus as PetStatusSchema,
} from '@pets/contract';
import { createHash } from 'node:crypto';
import { type Cursors, idField } from '../paging/cursor.js';

/** The filters a page was served under: a cursor is only good with the same ones. */
export interface PetFilters {
  status: PetStatus | undefined;
  categoryId?: number | undefined;
  name?: string | undefined;
  /** `me`: the caller's own pets (whoever the caller is, the cursor only says the filter was on). */
  owner?: ListPetsQuery['owner'];
}

/**
 * A page position: the last id served and the filters it was served under. The name filter is kept
 * as its digest ({@link nameDigest}): the cursor only has to tell whether the next request names the
 * same, and a name of 100 characters of four bytes each would not fit in a cursor.
 */
export interface Cursor extends Omit<PetFilters, 'name'> {
  afterId: number;
  nameDigest?: string | undefined;
}

/** A name filter as a cursor holds it: 128 bits of its SHA-256, base64url (22 characters). */
export const nameDigest = (name: string | undefined): string | undefined =>
  name === undefined
    ? undefined
    : createHash('sha256').update(name).digest().subarray(0, 16).toString('base64url');

/**
 * `c1` for a status filter alone, `c2` with a category or a name, `c3` with `owner` as well; the
 * name as its digest.
 */
export function encodeCursor(
  cursors: Cursors,
  { afterId, status, categoryId, name, owner }: PetFilters & { afterId: number },
): string {
  const fields = [String(afterId), status ?? ''];
  const more = [String(categoryId ?? ''), nameDigest(name) ?? ''];
  if (owner !== undefined) return cursors.seal(['c3', ...fields, ...more, owner]);
  return categoryId === undefined && name === undefined
    ? cursors.seal(['c1', ...fields])
    : cursors.seal(['c2', ...fields, ...more]);
}

/** How many fields each version has. */
const FIELDS: Readonly<Record<string, number>> = { c1: 3, c2: 5, c3: 6 };

/** The cursor, or `undefined` when it is not one we made. */
export function decodeCursor(cursors: Cursors, token: string): Cursor | undefined {
  const fields = cursors.open(token);
  if (!fields) return undefined;
  const [version = '', id, status, categoryId, name, owner] = fields;
  if (FIELDS[version] !== fields.length) return undefined;
  const afterId = idField(id);
  if (afterId === undefined || status === undefined) return undefined;
  if (status !== '' && !PetStatusSchema.safeParse(status).success) return undefined;
  const cursor: Cursor = { afterId, status: status === '' ? undefined : (status as PetStatus) };
  if (version === 'c1') return cursor;
  if (categoryId === undefined || name === undefined) return undefined;
  if (version === 'c3' && owner !== LIST_OWNER_ME) return undefined;
  const category = categoryId === '' ? undefined : idField(categoryId);
  if (categoryId !== '' && category === undefined) return undefined;
  if (name !== '' && !/^[A-Za-z0-9_-]{22}$/.test(name)) return undefined;
  return {
    ...cursor,
    categoryId: category,
    nameDigest: name === '' ? undefined : name,
    ...(version === 'c3' ? { owner: LIST_OWNER_ME } : {}),
  };
}
