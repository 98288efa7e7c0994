import { type PetStatus, PetStatus as PetStatusSchema } from '@pets/contract';
import { idField, openCursor, sealCursor } from '../common/cursor.js';

/** The filters a page was served under: a cursor is only good with the same ones. */
export interface PetFilters {
  status: PetStatus | undefined;
  categoryId?: number | undefined;
  name?: string | undefined;
}

/** A page position: the last id served and the filters it was served under. */
export interface Cursor extends PetFilters {
  afterId: number;
}

const text = (value: string) => Buffer.from(value).toString('base64url');

/**
 * `c1` for a status filter alone (as cursors were before the other filters), `c2` with them; the
 * name is base64url-encoded, so any character may stand in it.
 */
export function encodeCursor({ afterId, status, categoryId, name }: Cursor): string {
  return categoryId === undefined && name === undefined
    ? sealCursor(['c1', String(afterId), status ?? ''])
    : sealCursor(['c2', String(afterId), status ?? '', String(categoryId ?? ''), text(name ?? '')]);
}

/** The cursor, or `undefined` when it is not one we made. */
export function decodeCursor(token: string): Cursor | undefined {
  const fields = openCursor(token);
  if (!fields) return undefined;
  const [version, id, status, categoryId, name] = fields;
  const afterId = idField(id);
  if (afterId === undefined || status === undefined) return undefined;
  if (status !== '' && !PetStatusSchema.safeParse(status).success) return undefined;
  const cursor: Cursor = { afterId, status: status === '' ? undefined : (status as PetStatus) };
  if (version === 'c1' && fields.length === 3) return cursor;
  if (version !== 'c2' || fields.length !== 5 || categoryId === undefined || name === undefined)
    return undefined;
  const category = categoryId === '' ? undefined : idField(categoryId);
  if (categoryId !== '' && category === undefined) return undefined;
  const decodedName = Buffer.from(name, 'base64url').toString('utf8');
  return { ...cursor, categoryId: category, name: decodedName === '' ? undefined : decodedName };
}
