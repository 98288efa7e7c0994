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

export interface CursorPaging {
  /** The page shown: undefined for the first. */
  cursor: string | undefined;
  /** Shows the first page. */
  first: () => void;
  /** Shows the page before (the first, without the history of how we got here: a shared link). */
  back: () => void;
  /** Shows the page `next` (the cursor of the API's next link) points at. */
  forward: (next: string) => void;
}

export function useCursorPaging(param = 'cursor'): CursorPaging {
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

  const show = (at: string | undefined, before: string[]) => {
    const params = new URLSearchParams(search);
    if (at === undefined) params.delete(param);
    else params.set(param, at);
    // The other lists' earlier cursors stay; this list's are `before`.
    const others: Record<string, unknown> = Object.fromEntries(
      Object.entries(typeof state === 'object' && state !== null ? state : {}).filter(
        ([name]) => name !== key,
      ),
    );
    if (before.length > 0) others[key] = before;
    const query = params.toString();
    navigate(query ? `${path}?${query}` : path, {
      state: Object.keys(others).length > 0 ? others : null,
    });
  };

  return {
    cursor,
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
