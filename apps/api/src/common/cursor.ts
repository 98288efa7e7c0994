import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

/**
 * Page positions as opaque tokens: fields (none may contain `.`) with their HMAC-SHA256 (128 bits) under
 * `CURSOR_SECRET`, which every instance shares. A cursor one instance made is good on every other;
 * one that was changed, or made by anyone without the secret, is refused rather than read. The key
 * object is made once, at start (`ConfigModule`).
 */
export class Cursors {
  private readonly key: KeyObject | undefined;

  /** `secret`: `CURSOR_SECRET`. */
  constructor(secret: string | undefined) {
    // Only the CLI runs without a secret in production (the API refuses to start): it pages nothing.
    this.key = secret === undefined ? undefined : createSecretKey(Buffer.from(secret, 'utf8'));
  }

  seal(fields: readonly string[]): string {
    if (!this.key) throw new Error('CURSOR_SECRET is not set: no cursor can be made or read');
    const body = fields.join('.');
    // 128 bits of the HMAC (RFC 2104 section 5): forging one is still out of reach, and the
    // cursor stays short.
    const mac = createHmac('sha256', this.key)
      .update(body)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
    return Buffer.from(`${body}.${mac}`).toString('base64url');
  }

  /**
   * The fields of a cursor we made, or `undefined`. The token is compared whole, in constant time,
   * with the one its fields make: base64url that decodes to the same bytes in another spelling is
   * refused too.
   */
  open(token: string): string[] | undefined {
    const text = Buffer.from(token, 'base64url').toString('utf8');
    const end = text.lastIndexOf('.');
    if (end <= 0) return undefined;
    const fields = text.slice(0, end).split('.');
    const given = Buffer.from(token);
    const expected = Buffer.from(this.seal(fields));
    return given.length === expected.length && timingSafeEqual(given, expected)
      ? fields
      : undefined;
  }
}

/** A positive id as a cursor field holds it, or `undefined`. */
export function idField(field: string | undefined): number | undefined {
  return field !== undefined &&
    /^[1-9][0-9]{0,15}$/.test(field) &&
    Number(field) <= Number.MAX_SAFE_INTEGER
    ? Number(field)
    : undefined;
}
