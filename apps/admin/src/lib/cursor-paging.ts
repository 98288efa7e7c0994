/**
 * A list paged in the address, as the keys are: its cursor in `?<param>=…` and the cursors of the
 * pages before it in the history state, so Back and a shared link both work. Several lists on one
 * page (an account's keys and people) each keep their own param and leave the others' alone.
 */
import { useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { cursorParam, previousCursorsOf } from './paging.js';

/** Where a list's earlier cursors live in the history state: `previous` for `?cursor=`. */
const stateKeyOf = (param: string) => (param === 'cursor' ? 'previous' : `${param}Previous`);

/**
 * The history state without the earlier cursors of the lists paged by `params`: the state to keep
 * when the address leaves those lists' pages (another endpoint's log) and the others' stay.
 */
export function withoutPreviousCursors(
  state: unknown,
  ...params: string[]
): Record<string, unknown> {
  const keys = new Set(params.map(stateKeyOf));
  return Object.fromEntries(
    Object.entries(typeof state === 'object' && state !== null ? state : {}).filter(
      ([name]) => !keys.has(name),
    ),
  );
}

export interface CursorPaging {
  /** The page shown: undefined for the first. */
  cursor: string | undefined;
  /**
   * Which page this is: 1 for the first, 3 after two Nexts. Undefined when it was reached without
   * the pages before it (a shared link), as a cursor does not say how far into the list it is.
   */
  page: number | undefined;
  /** Shows the first page. */
  first: () => void;
  /** Shows the page before (the first, without the history of how we got here: a shared link). */
  back: () => void;
  /** Shows the page `next` (the cursor of the API's next link) points at. */
  forward: (next: string) => void;
}

/**
 * The paging of one list. `addressOf` writes the address of the page at a cursor, for a page whose
 * whole view lives in its address (the pets, the activity); by default only `?<param>=` changes.
 */
export function useCursorPaging(
  param = 'cursor',
  addressOf?: (cursor: string | undefined) => string,
): CursorPaging {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const state = useHistoryState<unknown>();
  const key = stateKeyOf(param);
  const cursor = cursorParam(new URLSearchParams(search).get(param));
  const previous = previousCursorsOf(
    typeof state === 'object' && state !== null && key in state
      ? { previous: (state as Record<string, unknown>)[key] }
      : null,
  );

  const addressAt = (at: string | undefined) => {
    if (addressOf) return addressOf(at);
    const params = new URLSearchParams(search);
    if (at === undefined) params.delete(param);
    else params.set(param, at);
    const query = params.toString();
    return query ? `${path}?${query}` : path;
  };

  const show = (at: string | undefined, before: string[]) => {
    // The other lists' earlier cursors stay; this list's are `before`.
    const others = withoutPreviousCursors(state, param);
    if (before.length > 0) others[key] = before;
    navigate(addressAt(at), { state: Object.keys(others).length > 0 ? others : null });
  };

  return {
    cursor,
    page: cursor === undefined ? 1 : previous.length > 0 ? previous.length + 1 : undefined,
    first: () => {
      show(undefined, []);
    },
    back: () => {
      show(previous.at(-1) || undefined, previous.slice(0, -1));
    },
    forward: (next) => {
      show(next, [...previous, cursor ?? '']);
    },
  };
}
