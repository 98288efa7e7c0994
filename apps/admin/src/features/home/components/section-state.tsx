/**
 * What one section of the home page is doing while it has nothing to show: loading, or failed
 * with Retry. Each section says its own, so one failing leaves the others.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorMessage } from '../../../components/error-message.js';
import { isRateLimited } from '../../../lib/errors.js';

export function SectionState({
  queries,
  loading,
}: {
  /** The section's queries: loading while any is, failed while any has. */
  queries: readonly UseQueryResult[];
  /** Said while loading: "Counting pets…". */
  loading: string;
}) {
  const failed = queries.find((query) => query.isError);
  let state = null;
  if (failed && !isRateLimited(failed.error))
    state = (
      <ErrorMessage
        error={failed.error}
        onRetry={() => {
          for (const query of queries) if (query.isError) void query.refetch();
        }}
      />
    );
  else if (queries.some((query) => query.isPending && query.isFetching)) state = <p>{loading}</p>;
  return <div aria-live="polite">{state}</div>;
}
