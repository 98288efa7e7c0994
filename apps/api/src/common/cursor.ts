import { createHash } from 'node:crypto';

const checksum = (body: string) =>
  createHash('sha256').update(`petstore-cursor:${body}`).digest('base64url').slice(0, 10);

/**
 * A page position as an opaque token: fields (none may contain `.`) with a checksum, so an edited
 * or truncated cursor is refused rather than misread.
 */
export function sealCursor(fields: readonly string[]): string {
  const body = fields.join('.');
  return Buffer.from(`${body}.${checksum(body)}`).toString('base64url');
}

/** The fields of a cursor we made, or `undefined`. */
export function openCursor(token: string): string[] | undefined {
  const parts = Buffer.from(token, 'base64url').toString('utf8').split('.');
  const sum = parts.pop();
  return sum !== undefined && parts.length > 0 && sum === checksum(parts.join('.'))
    ? parts
    : undefined;
}

/** A positive id as a cursor field holds it, or `undefined`. */
export function idField(field: string | undefined): number | undefined {
  return field !== undefined &&
    /^[1-9][0-9]{0,15}$/.test(field) &&
    Number(field) <= Number.MAX_SAFE_INTEGER
    ? Number(field)
    : undefined;
}
