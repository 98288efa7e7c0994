/**
 * Keyset pages, as every list serves them (docs/team/guarantees.md#lists-never-skip): in id order,
 * one row more than `limit` read to learn whether another page follows, a signed cursor (`cursor.ts`)
 * naming the last item shown and its filters, and `Link: rel="next"` to the page after it.
 */
import { PROBLEMS } from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiException } from '../errors/api-exception.js';
import { setNextLink } from '../http/base-url.js';
import { WIRE_HEADERS } from '../http/wire-headers.js';
import { type Cursors, idField } from './cursor.js';
import { KeptMemo } from './kept-memo.js';

/** A page and, when another follows, the cursor of the next one. */
export interface Page<T> {
  items: T[];
  next?: string | undefined;
  /** Made once of rows kept between requests, and given again while they are: its answer is kept too. */
  kept?: boolean;
}

/** `400 invalid_query` with the `cursor` detail. */
export const invalidCursor = (issue: string): ApiException =>
  ApiException.of(PROBLEMS.invalidQuery(`cursor ${issue}`), [{ field: 'cursor', issue }]);

/** `rows`, read with one more than `limit`, as a page whose cursor `cursorAfter` makes. */
export function pageOf<T>(
  rows: readonly T[],
  limit: number,
  cursorAfter: (last: T) => string,
): Page<T> {
  if (rows.length <= limit) return { items: [...rows] };
  const items = rows.slice(0, limit);
  // More rows than `limit` (at least 1): the page has a last item.
  return { items, next: cursorAfter(items[limit - 1] as T) };
}

/**
 * The cursor of a list whose position is an id and whose filters are one `scope` string (the
 * audit trail, a account's keys): `kind` names the list and its form.
 */
export const scopedCursor = (cursors: Cursors, kind: string, id: number, scope: string): string =>
  cursors.seal([kind, String(id), scope]);

/**
 * The id in a {@link scopedCursor} of `kind` made under `scope`; `400 invalid_query` for any
 * other cursor (`otherScope` says why when only the scope differs).
 */
export function positionIn(
  cursors: Cursors,
  token: string,
  kind: string,
  scope: string,
  otherScope = 'belongs to different filters',
): number {
  const [version, id, madeFor] = cursors.open(token) ?? [];
  const position = version === kind ? idField(id) : undefined;
  if (position === undefined) throw invalidCursor('is not a valid cursor');
  if (madeFor !== scope) throw invalidCursor(otherScope);
  return position;
}

/** A list whose position is an id and whose filters are one `scope` ({@link scopedCursor}). */
export interface ScopedList {
  /** Names the list and its cursor's form. */
  readonly kind: string;
  /** The filters the page is served under. */
  readonly scope: string;
  /** Why a cursor of the same list made under another scope is refused. */
  readonly otherScope?: string;
}

/**
 * A page of a {@link ScopedList}: the query's cursor opened (`400 invalid_query` if it is not one
 * of this list and scope), `read` asked for one row more than `limit` after that position (none on
 * the first page), and the rows as a page whose next cursor names its last item.
 */
export async function scopedPage<T extends { id: number }>(
  cursors: Cursors,
  list: ScopedList,
  query: { readonly limit: number; readonly cursor?: string | undefined },
  read: (position: number | undefined, take: number) => Promise<readonly T[]>,
): Promise<Page<T>> {
  const { kind, scope, otherScope } = list;
  const position =
    query.cursor === undefined
      ? undefined
      : positionIn(cursors, query.cursor, kind, scope, otherScope);
  const rows = await read(position, query.limit + 1);
  return pageOf(rows, query.limit, (last) => scopedCursor(cursors, kind, last.id, scope));
}

/**
 * A page as the answer: its items, with `Link: <{base_url}{path}?{query}&cursor=…>; rel="next"`
 * when another page follows (the query's values in the order given, `undefined` ones left out).
 */
export function answerPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  query: Readonly<Record<string, string | number | undefined>>,
  page: Page<T>,
): T[] {
  if (page.next === undefined) return page.items;
  if (page.kept !== true) {
    setNextLink(request, reply, path, { ...query, cursor: page.next });
    return page.items;
  }
  // A page kept between requests (made once for one query) keeps its Link too, per base URL.
  const kept = keptLinks.get(page);
  if (kept !== undefined && kept.base === request.baseUrl) {
    void reply.header(WIRE_HEADERS.link, kept.link);
    return page.items;
  }
  setNextLink(request, reply, path, { ...query, cursor: page.next });
  keptLinks.set(page, {
    base: request.baseUrl,
    link: reply.getHeader(WIRE_HEADERS.link) as string,
  });
  return page.items;
}

/** The Link header last given with a page, and the base URL it was written for. */
const keptLinks = new KeptMemo<object, { base: string; link: string }>();

/** The JSON of pages whose items are kept between requests (a kept read's page), by those items. */
const keptBodies = new KeptMemo<readonly unknown[], string>();

/**
 * The answer's body for a kept page's items (the same array for as long as the read is kept):
 * serialized by the route's response schema once, then sent as it is. The items of a page that is
 * not kept are answered as they are.
 */
export function keptBody<T>(reply: FastifyReply, page: Page<T>): T[] | string {
  const { items } = page;
  if (page.kept !== true) return items;
  let body = keptBodies.get(items);
  if (body === undefined) {
    // The route's serializer (its response schema) writes text.
    body = reply.serialize(items) as string;
    keptBodies.set(items, body);
  }
  void reply.header('content-type', JSON_CONTENT_TYPE);
  return body;
}

/** What Fastify names the JSON it serializes. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
