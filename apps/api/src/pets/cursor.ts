import { createHash } from 'node:crypto';
import { type PetStatus, PetStatus as PetStatusSchema } from '@pets/contract';

/**
 * A page position: the last id served and the filter it was served under. Opaque to clients and
 * checked on the way back in, so an edited or truncated cursor is refused rather than misread.
 */
export interface Cursor {
  afterId: number;
  status: PetStatus | undefined;
}

const VERSION = 'c1';
const checksum = (body: string) =>
  createHash('sha256').update(`petstore-cursor:${body}`).digest('base64url').slice(0, 10);

export function encodeCursor({ afterId, status }: Cursor): string {
  const body = `${VERSION}.${afterId}.${status ?? ''}`;
  return Buffer.from(`${body}.${checksum(body)}`).toString('base64url');
}

/** The cursor, or `undefined` when it is not one we made. */
export function decodeCursor(token: string): Cursor | undefined {
  const text = Buffer.from(token, 'base64url').toString('utf8');
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const [version, id, status, sum] = parts as [string, string, string, string];
  if (version !== VERSION || sum !== checksum(`${version}.${id}.${status}`)) return undefined;
  if (!/^[1-9][0-9]{0,15}$/.test(id) || Number(id) > Number.MAX_SAFE_INTEGER) return undefined;
  if (status !== '' && !PetStatusSchema.safeParse(status).success) return undefined;
  return { afterId: Number(id), status: status === '' ? undefined : (status as PetStatus) };
}
