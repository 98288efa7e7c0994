/** The table of an account's webhook endpoints, a page at a time, each with Manage. */
import type { WebhookEndpoint } from '@pets/client';
import { SUBSCRIBABLE_EVENT_TYPES } from '@pets/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { PagedTable, type ListPage } from '../../../components/paged-table.js';
import type { CursorPaging } from '../../../lib/cursor-paging.js';
import { formatDateTime } from '../../../lib/format.js';
import { statusWords } from '../utils/webhook-words.js';

/** The columns, named once: their header cells, and each cell's label when rows stack on a phone. */
const COLUMN = {
  url: 'URL',
  events: 'Events',
  status: 'Status',
  created: 'Created',
} as const;

/** The event types of an endpoint, in short when it is sent every one. */
export const eventsWords = (events: readonly string[]): string =>
  SUBSCRIBABLE_EVENT_TYPES.every((type) => events.includes(type))
    ? 'Every event'
    : events.join(', ');

/**
 * An account's endpoints, a page at a time (the page in the address, `?webhooks=…`), each with a
 * Manage button that opens it below the table. On a phone each row stacks into a card.
 */
export function WebhooksTable({
  list,
  paging,
  labelledBy,
  selected,
  onSelect,
  message,
  failure = null,
}: {
  list: UseQueryResult<ListPage<WebhookEndpoint>>;
  paging: CursorPaging;
  labelledBy: string;
  selected: number | undefined;
  onSelect: (endpoint: WebhookEndpoint) => void;
  message: string | null;
  /** What is wrong with what the address asked for, said above the table. */
  failure?: string | null;
}) {
  return (
    <PagedTable
      list={list}
      paging={paging}
      labelledBy={labelledBy}
      pagerLabel="Pages of webhook endpoints"
      says={{
        loading: 'Loading webhook endpoints…',
        empty: 'This account has no webhook endpoints.',
        noMore: 'No more webhook endpoints.',
      }}
      columns={[COLUMN.url, COLUMN.events, COLUMN.status, COLUMN.created]}
      actions
      row={(endpoint) => (
        <tr key={endpoint.id}>
          <th scope="row" className="webhook-url">
            {endpoint.url}
          </th>
          <td data-label={COLUMN.events}>{eventsWords(endpoint.events)}</td>
          <td data-label={COLUMN.status}>{statusWords(endpoint)}</td>
          <td data-label={COLUMN.created}>
            <time dateTime={endpoint.createdAt}>{formatDateTime(endpoint.createdAt)}</time>
          </td>
          <td className="stacked-actions">
            <button
              type="button"
              className="secondary"
              aria-pressed={selected === endpoint.id}
              onClick={() => {
                onSelect(endpoint);
              }}
            >
              Manage <span className="visually-hidden">{endpoint.url}</span>
            </button>
          </td>
        </tr>
      )}
      message={message}
      failure={failure}
    />
  );
}
