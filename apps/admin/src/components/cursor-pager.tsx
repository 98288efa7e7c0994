/**
 * Previous and Next for a list paged by cursor (lib/cursor-paging.ts): Previous on any page but
 * the first, Next while the API says a page follows, neither while the rate limit holds requests.
 */
import type { CursorPaging } from '../lib/cursor-paging.js';
import { useRateLimit } from '../lib/rate-limit.js';
import { Pager, type PagerNames } from './ui/pager.js';

export function CursorPager({
  paging,
  nextCursor,
  label,
  names,
  waiting = false,
  fallback,
}: {
  paging: CursorPaging;
  /** The cursor of the API's next link: none on the last page. */
  nextCursor: string | undefined;
  /** Names this pager apart when a page has two, or other lists. */
  label?: string;
  /** The buttons' words, when not Previous and Next. */
  names?: PagerNames | undefined;
  /** The page shown is still the one before: Next stays enabled (focus stays on it) but waits. */
  waiting?: boolean;
  /** Where focus goes when both buttons become disabled under it. */
  fallback: () => HTMLElement | null;
}) {
  const { blocked } = useRateLimit();
  return (
    <Pager
      label={label}
      names={names}
      previousDisabled={blocked || paging.cursor === undefined}
      nextDisabled={blocked || nextCursor === undefined}
      onPrevious={paging.back}
      onNext={() => {
        if (nextCursor !== undefined && !waiting) paging.forward(nextCursor);
      }}
      fallback={fallback}
    />
  );
}
