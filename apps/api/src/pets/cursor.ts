import {
  LIST_OWNER_ME,
  type ListPetsQuery,
  type PetStatus,
  PetStatus as PetStatusSchema,
} from '@pets/contract';
import { type Cursors, idField } from '../common/cursor.js';

/** The filters a page was served under: a cursor is only good with the same ones. */
export interface PetFilters {
  status: PetStatus | undefined;
  categoryId?: number | undefined;
  name?: string | undefined;
  /** `me`: the caller's own pets (whoever the caller is, the cursor only says the filter was on). */
  owner?: ListPetsQuery['owner'];
}

/** A page position: the last id served and the filters it was served under. */
export interface Cursor extends PetFilters {
  afterId: number;
}

const text = (value: string) => Buffer.from(value).toString('base64url');

/**
 * `c1` for a status filter alone (as cursors were before the other filters), `c2` with a category
 * or a name, `c3` with `owner` as well; the name is base64url-encoded, so any character may stand
 * in it. Each version keeps its form, so cursors already handed out stay good.
 */
export function encodeCursor(
  cursors: Cursors,
  { afterId, status, categoryId, name, owner }: Cursor,
): string {
  const fields = [String(afterId), status ?? ''];
  const more = [String(categoryId ?? ''), text(name ?? '')];
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
  const decodedName = Buffer.from(name, 'base64url').toString('utf8');
  return {
    ...cursor,
    categoryId: category,
    name: decodedName === '' ? undefined : decodedName,
    ...(version === 'c3' ? { owner: LIST_OWNER_ME } : {}),
  };
}
