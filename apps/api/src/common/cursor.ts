import { createHash, type Hash, timingSafeEqual } from 'node:crypto';

/** SHA-256's block: a longer key is hashed first (RFC 2104 section 2). */
const BLOCK_BYTES = 64;

/** The key's inner and outer pads, each fed to a SHA-256 that is then only ever copied. */
function hmacPads(secret: Buffer): { inner: Hash; outer: Hash } {
  const key = secret.length > BLOCK_BYTES ? createHash('sha256').update(secret).digest() : secret;
  const inner = Buffer.alloc(BLOCK_BYTES, 0x36);
  const outer = Buffer.alloc(BLOCK_BYTES, 0x5c);
  for (let i = 0; i < key.length; i++) {
    inner[i] = (inner[i] as number) ^ (key[i] as number);
    outer[i] = (outer[i] as number) ^ (key[i] as number);
  }
  return { inner: createHash('sha256').update(inner), outer: createHash('sha256').update(outer) };
}

/**
 * Page positions as opaque tokens: fields (none may contain `.`) with their HMAC-SHA256 (128 bits) under
 * `CURSOR_SECRET`, which every instance shares. A cursor one instance made is good on every other;
 * one that was changed, or made by anyone without the secret, is refused rather than read. The key's
 * pads are hashed once, at start (`ConfigModule`).
 */
export class Cursors {
  /** SHA-256 after the key's inner and outer pads (RFC 2104), hashed once, copied per cursor. */
  private readonly pads: { inner: Hash; outer: Hash } | undefined;

  /** `secret`: `CURSOR_SECRET`. */
  constructor(secret: string | undefined) {
    // Only the CLI runs without a secret in production (the API refuses to start): it pages nothing.
    this.pads = secret === undefined ? undefined : hmacPads(Buffer.from(secret, 'utf8'));
  }

  seal(fields: readonly string[]): string {
    if (!this.pads) throw new Error('CURSOR_SECRET is not set: no cursor can be made or read');
    const body = fields.join('.');
    // HMAC-SHA256 as RFC 2104 defines it, H(K ^ opad, H(K ^ ipad, body)), from the pads hashed at
    // start: `createHmac` hashes them again for every cursor, which cost the keyed list 10 µs of
    // its 200 per request (measured); `cursor.spec.ts` checks every MAC against `createHmac`'s.
    // 128 bits of it (RFC 2104 section 5): forging one is still out of reach, and the cursor stays
    // short.
    const inner = this.pads.inner.copy().update(body).digest();
    const mac = this.pads.outer.copy().update(inner).digest().subarray(0, 16).toString('base64url');
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
