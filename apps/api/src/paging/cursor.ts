/**
 * Page cursors: the position and filters of a page sealed with an HMAC under `CURSOR_SECRET`, so a
 * cursor one instance made is good on every other and a changed or forged one is refused
 * (docs/team/guarantees.md); and the pets list's cursors, in the versions older cursors were made in.
 */
import { createHash, hash, timingSafeEqual } from 'node:crypto';
import {
  isIdText,
  LIST_OWNER_ME,
  LIST_PETS_SORTS,
  type ListPetsQuery,
  type ListPetsSort,
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
  /** The search, as given. */
  q?: string | undefined;
  /** The order; none is `id`. */
  sort?: ListPetsSort | undefined;
}

/**
 * A page position: the last id served (and in name order its name key) and the filters it was
 * served under. The name filter and the search are kept as digests ({@link nameDigest}): the cursor
 * only has to tell whether the next request names the same.
 */
export interface Cursor extends Omit<PetFilters, 'name' | 'q' | 'sort'> {
  afterId: number;
  nameDigest?: string | undefined;
  qDigest?: string | undefined;
  sort: ListPetsSort;
  /** In name order, the `name_key` of the last pet served; `''` in id order. */
  afterKey: string;
  /**
   * In name order, the bound the walk's first page read: pets renamed at or above it are left out
   * (PetsRepository). None in a `c4` cursor, made before walks had one: nothing is left out.
   */
  namedBelow?: number | undefined;
}

/** A name filter as a cursor holds it: 128 bits of its SHA-256, base64url (22 characters). */
export const nameDigest = (name: string | undefined): string | undefined =>
  name === undefined
    ? undefined
    : createHash('sha256').update(name).digest().subarray(0, 16).toString('base64url');

/** A digest as a cursor holds it. */
const DIGEST = /^[A-Za-z0-9_-]{22}$/;
/** A name key as a cursor holds it: base64url (keys hold any character, `.` included). */
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * `c1` for a status filter alone, `c2` with a category or a name, `c3` with `owner` as well, all in
 * id order without a search; `c4` with a search or in another order, with every filter, the order
 * and, in name order, the last name key; `c5`, in name order, is `c4` and the walk's `namedBelow`.
 * The name and the search as their digests.
 */
export function encodeCursor(
  cursors: Cursors,
  {
    afterId,
    afterKey = '',
    namedBelow,
    status,
    categoryId,
    name,
    owner,
    q,
    sort = 'id',
  }: PetFilters & { afterId: number; afterKey?: string; namedBelow?: number | undefined },
): string {
  const fields = [String(afterId), status ?? ''];
  const more = [String(categoryId ?? ''), nameDigest(name) ?? ''];
  if (q !== undefined || sort !== 'id') {
    const ordered = [
      ...fields,
      ...more,
      owner ?? '',
      sort,
      nameDigest(q) ?? '',
      Buffer.from(afterKey).toString('base64url'),
    ];
    return namedBelow === undefined
      ? cursors.seal(['c4', ...ordered])
      : cursors.seal(['c5', ...ordered, String(namedBelow)]);
  }
  if (owner !== undefined) return cursors.seal(['c3', ...fields, ...more, owner]);
  return categoryId === undefined && name === undefined
    ? cursors.seal(['c1', ...fields])
    : cursors.seal(['c2', ...fields, ...more]);
}

const FIELDS: Readonly<Record<string, number>> = { c1: 3, c2: 5, c3: 6, c4: 9, c5: 10 };

/** The cursor, or `undefined` when it is not one we made. */
export function decodeCursor(cursors: Cursors, token: string): Cursor | undefined {
  const fields = cursors.open(token);
  if (!fields) return undefined;
  const [version = '', id, status, categoryId, name, owner, sort, q, key, bound] = fields;
  if (FIELDS[version] !== fields.length) return undefined;
  const afterId = idField(id);
  if (afterId === undefined || status === undefined) return undefined;
  if (status !== '' && !PetStatusSchema.safeParse(status).success) return undefined;
  const cursor: Cursor = {
    afterId,
    status: status === '' ? undefined : (status as PetStatus),
    sort: 'id',
    afterKey: '',
  };
  if (version === 'c1') return cursor;
  if (categoryId === undefined || name === undefined) return undefined;
  if (version === 'c3' && owner !== LIST_OWNER_ME) return undefined;
  const category = categoryId === '' ? undefined : idField(categoryId);
  if (categoryId !== '' && category === undefined) return undefined;
  if (name !== '' && !DIGEST.test(name)) return undefined;
  const filtered: Cursor = {
    ...cursor,
    categoryId: category,
    nameDigest: name === '' ? undefined : name,
    ...(version === 'c3' ? { owner: LIST_OWNER_ME } : {}),
  };
  if (version === 'c2' || version === 'c3') return filtered;
  if (owner !== '' && owner !== LIST_OWNER_ME) return undefined;
  if (!LIST_PETS_SORTS.includes(sort as ListPetsSort)) return undefined;
  if (q === undefined || (q !== '' && !DIGEST.test(q))) return undefined;
  if (key === undefined || !BASE64URL.test(key)) return undefined;
  const byName = sort === 'name' || sort === '-name';
  if (!byName && key !== '') return undefined;
  const namedBelow = idField(bound);
  if (version === 'c5' && (!byName || namedBelow === undefined)) return undefined;
  return {
    ...filtered,
    ...(owner === LIST_OWNER_ME ? { owner: LIST_OWNER_ME } : {}),
    sort: sort as ListPetsSort,
    qDigest: q === '' ? undefined : q,
    afterKey: Buffer.from(key, 'base64url').toString('utf8'),
    ...(namedBelow === undefined ? {} : { namedBelow }),
  };
}
