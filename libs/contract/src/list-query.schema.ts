/**
 * The queries and parameters of lists: page size, cursor, the pet filters, path ids read as the
 * decimal integers they are documented as, and the Idempotency-Key header.
 */
import { z } from 'zod';
import { MAX_ID, NAME_MAX_LENGTH, PetStatus } from './pet.schema.js';
import { documentedAs } from './documented.js';
import { codePointLength, expected } from './text.schema.js';
import { Q_MAX_LENGTH, SEARCH_START_MAX, searchWords } from './search.js';
import { once } from './query-value.js';
import { type PetExpansion, PetExpand } from './pet-profile.schema.js';

export const LIST_LIMIT_DEFAULT = 20;
export const LIST_LIMIT_MIN = 1;
export const LIST_LIMIT_MAX = 100;
/** Room for the name a page sorted by name ended on (up to 400 bytes), with its filters. */
export const CURSOR_MAX_LENGTH = 1024;

export { once };

const LIMIT_ISSUE = `must be an integer from ${LIST_LIMIT_MIN} to ${LIST_LIMIT_MAX}`;

export const ListLimit = once(LIMIT_ISSUE)
  .regex(/^[0-9]{1,3}$/, { error: LIMIT_ISSUE })
  .transform(Number)
  .pipe(
    z.int().min(LIST_LIMIT_MIN, { error: LIMIT_ISSUE }).max(LIST_LIMIT_MAX, { error: LIMIT_ISSUE }),
  )
  .default(LIST_LIMIT_DEFAULT)
  .meta({ description: 'Page size: decimal digits only, 1 to 100.' });

const STATUS_ISSUE = `must be one of ${PetStatus.options.join(', ')}`;

export const ListStatus = once(STATUS_ISSUE)
  .pipe(z.enum(PetStatus.options, { error: STATUS_ISSUE }))
  .optional()
  .meta({ description: 'Only pets with this status.' });

const ID_ISSUE = `must be an integer from 1 to ${MAX_ID}`;

/** An id as text: a positive decimal integer, no sign and no leading zero, of at most 16 digits. */
export const ID_PATTERN = /^[1-9][0-9]{0,15}$/;

/** Whether `text` is an id as paths, queries and cursors write one: {@link ID_PATTERN}, at most 2^53 - 1. */
export const isIdText = (text: string): boolean => ID_PATTERN.test(text) && Number(text) <= MAX_ID;

/** An id in a query string: a canonical positive decimal integer no larger than 2^53 - 1. */
export const QueryId = (description: string) =>
  once(ID_ISSUE)
    .regex(ID_PATTERN, { error: ID_ISSUE })
    .transform(Number)
    .pipe(z.int({ error: ID_ISSUE }).max(MAX_ID, { error: ID_ISSUE }))
    .optional()
    .meta({ description });

export const ListCategoryId = QueryId('Only pets of this category (beta).');

const NAME_ISSUE = `must be 1 to ${NAME_MAX_LENGTH} characters`;

export const ListName = once(NAME_ISSUE)
  .refine((name) => name.length > 0 && codePointLength(name) <= NAME_MAX_LENGTH, {
    error: NAME_ISSUE,
  })
  .optional()
  .meta({
    description: `Only pets whose name starts with this, ignoring case: 1 to ${NAME_MAX_LENGTH} characters (beta).`,
  });

/** The only value of `owner`: the caller. */
export const LIST_OWNER_ME = 'me';
const OWNER_ISSUE = `must be \`${LIST_OWNER_ME}\``;

export const ListOwner = once(OWNER_ISSUE)
  .pipe(z.literal(LIST_OWNER_ME, { error: OWNER_ISSUE }))
  .optional()
  .meta({
    description:
      'Only the pets the caller may change as their owner (beta). `me` is the only value: for a partner key, the pets its account created; for a staff key, the pets its account created and those from before ownership was recorded, which belong to staff. Ownership is not a field of a pet.',
  });

/** The orders of listPets: by `id` or by name (ties by `id`), `-` for descending. */
export const LIST_PETS_SORTS = ['id', '-id', 'name', '-name'] as const;
export type ListPetsSort = (typeof LIST_PETS_SORTS)[number];
const SORT_ISSUE = `must be one of ${LIST_PETS_SORTS.join(', ')}`;

export const ListSort = once(SORT_ISSUE)
  .pipe(z.enum(LIST_PETS_SORTS, { error: SORT_ISSUE }))
  .optional()
  .meta({
    description:
      'The order of the pets (beta): `id` (the default), `-id`, `name` or `-name`. Names are compared in lower case, code point by code point; pets of one name follow in the order of their `id` (descending with `-name`). Following `Link` never shows a pet twice, in any order. In `id` order it shows every pet that matches, including those that commit while you page. In `-id` order it shows every pet that matches and was there when you began; one created while you page is not shown. In `name` and `-name` order it shows every pet that matches and is not renamed while you page; one renamed since your first page may be missed (it is never shown again at its new place), and one created while you page is shown if its place is still ahead of you.',
  });

const Q_ISSUE = `must be at most ${Q_MAX_LENGTH} characters and hold a letter or digit`;

export const ListQ = once(Q_ISSUE)
  .refine((q) => codePointLength(q) <= Q_MAX_LENGTH && searchWords(q).length > 0, {
    error: Q_ISSUE,
  })
  .optional()
  .meta({
    description: `Only pets whose name holds every word of this (beta), ignoring case and accents, in any script: a word of ${SEARCH_START_MAX} characters or fewer as the start of a word of the name (\`jr\` finds "Biscuit Jr."), a longer one anywhere in a word (\`cuit\` does too). Words are letters and digits; anything else separates them. At most ${Q_MAX_LENGTH} characters.`,
  });

export const ListCursor = once('must be a cursor from a `Link` header')
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'is not a valid cursor' })
  .max(CURSOR_MAX_LENGTH, { error: 'is not a valid cursor' })
  .optional()
  .meta({
    description:
      'Opaque position from the `Link: rel="next"` header of the previous page. Do not build or change it.',
  });

/** `limit` and `cursor` as every listing takes them (one parameter component each). */
export const LimitParam = documentedAs(ListLimit, 'limit');
export const CursorParam = documentedAs(ListCursor, 'cursor');

/** The query string of `listPets`: unknown and repeated parameters are refused. */
export const ListPetsQuery = z.strictObject(
  {
    limit: LimitParam,
    status: documentedAs(ListStatus, 'status'),
    categoryId: documentedAs(ListCategoryId, 'categoryId', {
      type: 'integer',
      format: 'int64',
      minimum: 1,
      maximum: MAX_ID,
    }),
    name: documentedAs(ListName, 'name', {
      type: 'string',
      minLength: 1,
      maxLength: NAME_MAX_LENGTH,
    }),
    owner: documentedAs(ListOwner, 'owner', { type: 'string', enum: [LIST_OWNER_ME] }),
    sort: documentedAs(ListSort, 'sort', { type: 'string', enum: [...LIST_PETS_SORTS] }),
    q: documentedAs(ListQ, 'q', { type: 'string', minLength: 1, maxLength: Q_MAX_LENGTH }),
    expand: PetExpand,
    cursor: CursorParam,
  },
  { error: 'must be a query string' },
);
export type ListPetsQuery = z.output<typeof ListPetsQuery>;
export type ListPetsQueryInput = {
  limit?: number;
  status?: PetStatus;
  categoryId?: number;
  name?: string;
  owner?: 'me';
  sort?: ListPetsSort;
  q?: string;
  /** Sent comma-separated. */
  expand?: readonly PetExpansion[];
  cursor?: string;
};

/** The query string of the key lists (`listAccountKeys`, `listKeysOfAccount`). */
export const ListKeysQuery = z.strictObject(
  { limit: LimitParam, cursor: CursorParam },
  { error: 'must be a query string' },
);
export type ListKeysQuery = z.output<typeof ListKeysQuery>;
export type ListKeysQueryInput = { limit?: number; cursor?: string };

/** An id in a path: a canonical positive decimal integer no larger than 2^53 - 1. */
export const IdParam = z
  .string()
  .regex(ID_PATTERN)
  .transform(Number)
  .pipe(z.int().max(Number.MAX_SAFE_INTEGER));

/** `petId` in a path. */
export const PetIdParam = IdParam;

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long the first answer to a create with an `Idempotency-Key` is kept and replayed. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

export const IdempotencyKey = z
  .string({
    error: (issue) =>
      Array.isArray(issue.input) ? 'must be given once' : expected('a string')(issue),
  })
  .regex(new RegExp(`^[\\x20-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`), {
    error: `must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters`,
  })
  .meta({
    description: `Makes a create safe to retry: the same key with the same body from the same account within ${IDEMPOTENCY_WINDOW_HOURS} hours returns the first response and creates nothing.`,
  });
