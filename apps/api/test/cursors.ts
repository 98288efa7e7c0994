/** Cursors as the tests forge them. */
import { createHash } from 'node:crypto';

/** A cursor as anyone could make one before cursors were signed: a hash with no key. */
export const unkeyed = (fields: string[]): string => {
  const body = fields.join('.');
  const sum = createHash('sha256')
    .update(`petstore-cursor:${body}`)
    .digest('base64url')
    .slice(0, 10);
  return Buffer.from(`${body}.${sum}`, 'utf8').toString('base64url');
};
