/**
 * What the pets list is doing, in one sentence above it: showing rows held back by the rate limit,
 * loading, refusing a stale page address, failing, finding nothing, or where this page is in the list.
 */
import { ErrorMessage } from '../../../components/error-message.js';
import { isBadCursor, isRateLimited } from '../../../lib/errors.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import type { PetsPageState } from '../hooks/use-pets-page.js';
import type { PetsView } from '../utils/pets-search.js';

const capitalize = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/**
 * Where this page is in the whole: "Pets 21–40 of more than 40", "Sold pets 41–45 of 45". There is
 * no total count (a cursor does not give one): what follows is only known on the last page. Without
 * the pages before (a shared link), only how many are shown.
 */
export function position(
  what: string,
  page: number | undefined,
  limit: number,
  count: number,
  next: string | undefined,
): string {
  if (page === undefined)
    return `${what}: ${count} shown, ${next === undefined ? 'the end of the list' : 'more after them'}.`;
  const from = (page - 1) * limit + 1;
  const to = from + count - 1;
  const range = from === to ? `${from}` : `${from}–${to}`;
  return `${what} ${range} of ${next === undefined ? to : `more than ${to}`}.`;
}

export function PetsListStatus({
  list: { pets, held, waiting, found, nextCursor },
  view,
  page,
  filtered,
  onFirstPage,
}: {
  list: PetsPageState;
  view: PetsView;
  /** Which page this is, when known (see CursorPaging). */
  page: number | undefined;
  /** Whether the view is filtered by the search, a name or the category. */
  filtered: boolean;
  onFirstPage: () => void;
}) {
  const { blocked } = useRateLimit();
  if (held)
    return (
      <p>
        Still showing the pets loaded before the rate limit was reached; this view loads when it
        allows.
      </p>
    );
  if (waiting)
    return <p>{blocked ? 'The pets load when the rate limit allows.' : 'Loading pets…'}</p>;
  if (pets.isError && isBadCursor(pets.error))
    return (
      <ErrorMessage
        error={pets.error}
        message="This page's address holds a position in the list that is no longer valid."
      >
        <button type="button" onClick={onFirstPage}>
          Back to the first page
        </button>
      </ErrorMessage>
    );
  if (pets.isError && !isRateLimited(pets.error))
    return (
      <ErrorMessage
        error={pets.error}
        onRetry={() => {
          void pets.refetch();
        }}
      >
        {view.cursor === undefined ? null : (
          <button type="button" className="secondary" onClick={onFirstPage}>
            Back to the first page
          </button>
        )}
      </ErrorMessage>
    );
  if (pets.data && found.length === 0)
    return (
      <div className="empty-state">
        <p>
          {filtered
            ? 'No pets match these filters.'
            : view.owner === 'me' && view.status === undefined
              ? 'Your account has not added any pets.'
              : 'No pets match.'}
        </p>
        {/* Filtered, the filters above offer Clear filters: one button, not two. */}
        {filtered || view.cursor === undefined ? null : (
          <button type="button" className="secondary" onClick={onFirstPage}>
            Back to the first page
          </button>
        )}
      </div>
    );
  if (pets.data) {
    const what = view.status === undefined ? 'Pets' : `${capitalize(view.status)} pets`;
    return <p>{position(what, page, view.limit, found.length, nextCursor)}</p>;
  }
  return null;
}
