/**
 * One page of a list as a table whose rows stack into cards on a phone (app.css, `table.stacked`),
 * with what the list is doing said above it (loading, failed, empty), Previous and Next below it
 * when there is more than one page, and the outcome of the last action. The keys, the sessions and
 * the people are shown this way.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import type { CursorPaging } from '../lib/cursor-paging.js';
import { isRateLimited } from '../lib/errors.js';
import { cursorOf } from '../lib/paging.js';
import { CursorPager } from './cursor-pager.js';
import { ErrorMessage } from './error-message.js';
import { ActionsHeader } from './ui/actions-header.js';
import type { PagerNames } from './ui/pager.js';
import { StatusMessage } from './ui/status-message.js';

/** What a list answers: a page of rows, and the API's link to the next page (none on the last). */
export interface ListPage<T> {
  data: T[];
  next: string | undefined;
}

/** What the list says while it has no rows to show. */
export interface ListSentences {
  /** While the first answer is on its way: "Loading keys…". */
  loading: string;
  /** An empty first page: "This account has no keys." (without it, `noMore`). */
  empty?: string;
  /** An empty later page: "No more keys.", with a way back to the first. */
  noMore: string;
}

/**
 * The column a list is sorted by (`aria-sort` on its header), whose header is a button that turns
 * the order round: "Order, oldest first" becomes newest first.
 */
export interface SortedColumn {
  column: string;
  direction: 'ascending' | 'descending';
  /** What the button does, read after the column's name: "show newest first". */
  toggleLabel: string;
  onToggle: () => void;
}

function ColumnHeader({ column, sort }: { column: string; sort: SortedColumn | undefined }) {
  if (sort?.column !== column) return <th scope="col">{column}</th>;
  return (
    <th scope="col" aria-sort={sort.direction}>
      {/* Its name starts with the column's, as seen, and says what a press does. */}
      <button
        type="button"
        className="sort-toggle"
        aria-label={`${column}: ${sort.toggleLabel}`}
        onClick={sort.onToggle}
      >
        {column}
        <span aria-hidden="true">{sort.direction === 'ascending' ? ' ↑' : ' ↓'}</span>
      </button>
    </th>
  );
}

export function PagedTable<T>({
  list,
  paging,
  labelledBy,
  pagerLabel,
  pagerNames,
  says,
  columns,
  sort,
  actions = false,
  row,
  failure = null,
  message = null,
}: {
  list: UseQueryResult<ListPage<T>>;
  paging: CursorPaging;
  /** The heading that names the table. */
  labelledBy: string;
  /** Names the pager apart from the page's other lists: "Pages of keys". */
  pagerLabel: string;
  /** The pager's buttons' words, when not Previous and Next: Newer and Older for a log. */
  pagerNames?: PagerNames | undefined;
  says: ListSentences;
  /** The column headers, in order; the first column holds each row's header cell. */
  columns: readonly string[];
  /** The column the rows are sorted by, which can turn the order round. */
  sort?: SortedColumn | undefined;
  /** A last column of buttons, its header read by screen readers only. */
  actions?: boolean;
  /** One row (a `<tr>` with its key). */
  row: (item: T) => ReactNode;
  /** Why the last action failed, said with the list's state. */
  failure?: string | null;
  /** What the last action did ("Revoked the key …"), focused when it changes. */
  message?: string | null;
}) {
  const status = useRef<HTMLDivElement>(null);
  const { cursor } = paging;
  const nextCursor = cursorOf(list.data?.next);
  const firstPage =
    cursor === undefined ? null : (
      <button type="button" onClick={paging.first}>
        Back to the first page
      </button>
    );

  let state = null;
  if (list.isPending && list.isFetching) state = <p>{says.loading}</p>;
  else if (list.isError && !isRateLimited(list.error))
    state = (
      <ErrorMessage
        error={list.error}
        onRetry={() => {
          void list.refetch();
        }}
      >
        {firstPage}
      </ErrorMessage>
    );
  else if (list.data?.data.length === 0)
    state =
      cursor === undefined && says.empty !== undefined ? (
        <p>{says.empty}</p>
      ) : (
        <>
          <p>{says.noMore}</p>
          {firstPage}
        </>
      );

  return (
    <>
      <div ref={status} aria-live="polite" tabIndex={-1}>
        {state}
        {failure ? <p className="error">{failure}</p> : null}
      </div>
      {list.data && list.data.data.length > 0 ? (
        <div className="stacked-frame">
          <table className="stacked" aria-labelledby={labelledBy}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <ColumnHeader key={column} column={column} sort={sort} />
                ))}
                {actions ? <ActionsHeader /> : null}
              </tr>
            </thead>
            <tbody>{list.data.data.map(row)}</tbody>
          </table>
        </div>
      ) : null}
      {cursor !== undefined || nextCursor !== undefined ? (
        <CursorPager
          paging={paging}
          nextCursor={nextCursor}
          label={pagerLabel}
          names={pagerNames}
          fallback={() => status.current}
        />
      ) : null}
      <StatusMessage message={message} />
    </>
  );
}
