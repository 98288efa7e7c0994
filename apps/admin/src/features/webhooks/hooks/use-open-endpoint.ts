/**
 * The endpoint open below the list, kept in the address (`?endpoint=<id>`) so a reload or a shared
 * link opens it again and Back closes it.
 */
import { useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { withoutPreviousCursors } from '../../../lib/cursor-paging.js';
import { ATTEMPTS_PARAM, openEndpointOf, withOpenEndpoint } from '../utils/webhooks-search.js';

export function useOpenEndpoint() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const state = useHistoryState<unknown>();
  const open = openEndpointOf(search);

  const go = (endpointId: number | undefined, replace: boolean) => {
    const query = withOpenEndpoint(search, endpointId);
    // The other lists keep their earlier pages; the log's belonged to the endpoint that was open.
    const kept = withoutPreviousCursors(state, ATTEMPTS_PARAM);
    navigate(query ? `${path}?${query}` : path, {
      replace,
      state: Object.keys(kept).length > 0 ? kept : null,
    });
  };

  return {
    /** The id of the endpoint open, if any. */
    open,
    /** Opens an endpoint: a step in the history, so Back closes it. */
    show: (endpointId: number) => {
      if (endpointId !== open) go(endpointId, false);
    },
    /** Closes the endpoint that is gone (deleted), in place: Back does not return to it. */
    close: () => {
      go(undefined, true);
    },
  };
}
