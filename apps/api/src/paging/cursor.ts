/**
 * Page cursors: the position and filters of a page sealed with an HMAC under `CURSOR_SECRET`, so a
 * cursor one instance made is good on every other and a changed or forged one is refused
 * (docs/team/guarantees.md); and the pets list's cursors, in the versions older cursors were made in.
 */
import { createHash, hash, timingSafeEqual } from 'node:crypto';
import {
  isIdText,
  LIST_OWNER_ME,
  type ListPetsQuery,
  type PetStatus,
  PetStatus as PetStatusSchema,
} from '@pets/contract';

/** SHA-256's block: a longer key is hashed first (RFC 2104 section 2). */
const BLOCK_BYTES = 64;

/** The longest cursor body hashed in place; a longer one (none is) is hashed from a copy. */
const BODY_ROOM = 1_024;

/**
 * HMAC-SHA256 as RFC 2104 defines it, H(K ^ opad, H(K ^ ipad, body)), with the padded keys laid
 * out once, at start, in buffers the body and the inner hash are written into: two one-shot hashes
 * per MAC, no Hash object made (`createHmac` and `Hash.copy()` each make some, and hash the pads
 * again on every MAC: about twice this one's cost on each page).
 */
function hmacSha256(secret: Buffer): (body: string) => Buffer {
  const key = secret.length > BLOCK_BYTES ? createHash('sha256').update(secret).digest() : secret;
  const inner = Buffer.alloc(BLOCK_BYTES + BODY_ROOM, 0x36);
  const outer = Buffer.alloc(BLOCK_BYTES + 32, 0x5c);
  for (let i = 0; i < key.length; i++) {
    inner[i] = (inner[i] as number) ^ (key[i] as number);
    outer[i] = (outer[i] as number) ^ (key[i] as number);
  }
  return (body) => {
    const length = Buffer.byteLength(body);
    const message =
      length <= BODY_ROOM
        ? inner.subarray(0, BLOCK_BYTES + inner.write(body, BLOCK_BYTES))
        : Buffer.concat([inner.subarray(0, BLOCK_BYTES), Buffer.from(body)]);
    outer.set(Buffer.from(hash('sha256', message, 'base64'), 'base64'), BLOCK_BYTES);
    return Buffer.from(hash('sha256', outer, 'base64'), 'base64');
  };
}

/**
 * Page positions as opaque tokens: fields (none may contain `.`) with their HMAC-SHA256 (128 bits)
 * under `CURSOR_SECRET`. The key's pads are laid out once, at start (`ConfigModule`).
 */
export class Cursors {
  private readonly mac: ((body: string) => Buffer) | undefined;

  constructor(secret: string | undefined) {
    // Only the CLI runs without a secret in production (the API refuses to start): it pages nothing.
    this.mac = secret === undefined ? undefined : hmacSha256(Buffer.from(secret, 'utf8'));
  }

  seal(fields: readonly string[]): string {
    if (!this.mac) throw new Error('CURSOR_SECRET is not set: no cursor can be made or read');
    const body = fields.join('.');
    // `cursor.spec.ts` checks every MAC against `createHmac`'s. 128 bits of it (RFC 2104 section
    // 5): forging one is still out of reach, and the cursor stays short.
    const mac = this.mac(body).subarray(0, 16).toString('base64url');
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
  return field !== undefined && isIdText(field) ? Number(field) : undefined;
}

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
