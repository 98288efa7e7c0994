/**
 * Reads a one-time link's secret from the address, and takes it out of the address bar at once.
 */
import { LinkToken } from '@pets/contract';
import { useLayoutEffect, useState } from 'react';

/**
 * The secret of a one-time link (`/admin/welcome#…`, `/admin/set-password#…`): what follows `#`,
 * which the browser never sends to a server. Read once, then taken out of the address bar and the
 * tab's history before the page is painted, so it is not seen over a shoulder, bookmarked, shared
 * or left behind. Undefined when the address holds none that this API could have made.
 */
export function useLinkToken(): string | undefined {
  const [token] = useState(() => {
    const found = LinkToken.safeParse(window.location.hash.slice(1));
    return found.success ? found.data : undefined;
  });
  useLayoutEffect(() => {
    const { hash, pathname, search } = window.location;
    if (hash) window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }, []);
  return token;
}
