/**
 * The Activity page: the audit trail for staff, newest first, who did what by name; filtered by
 * kind, by a pet and by a partner (each found by typing its name) and paged, all in the address.
 * On a phone each event stacks into a card.
 */
import { AuditTargetType } from '@pets/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { CursorPager } from '../../../components/cursor-pager.js';
import { ErrorMessage } from '../../../components/error-message.js';
import { NameFilter } from '../../../components/name-filter.js';
import { PageHeading } from '../../../components/ui/page-heading.js';
import { useCategories } from '../../../lib/categories.js';
import { useClient } from '../../../lib/client.js';
import { isRateLimited } from '../../../lib/errors.js';
import { useAccountMatches, useAccounts, usePetMatches } from '../../../lib/find-by-name.js';
import { formatDateTime } from '../../../lib/format.js';
import { useSignedIn } from '../../../lib/session.js';
import { useCursorPaging } from '../../../lib/cursor-paging.js';
import { cursorOf } from '../../../lib/paging.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { listAuditQueryOptions } from '../api/list-audit.js';
import { activityPath, parseActivitySearch, type ActivityView } from '../utils/activity-search.js';
import { describeChanges } from '../utils/describe-event.js';
import { EventAction, EventActor } from './event-words.js';

const PAGE_SIZE = 50;
/** The columns, named once: their header cells, and each cell's label when rows stack on a phone. */
const COLUMN = { what: 'What', who: 'Who', changes: 'Changes', when: 'When' } as const;
const KINDS: Record<AuditTargetType, string> = {
  pet: 'Pets',
  key: 'API keys',
  account: 'Accounts',
  person: 'People',
  session: 'Sessions',
  category: 'Categories',
  order: 'Orders',
  passkey: 'Passkeys',
  webhook: 'Webhook endpoints',
};
/** One thing of a kind, in a sentence: "pet 12". */
const NOUNS_OF: Record<AuditTargetType, string> = {
  pet: 'pet',
  key: 'key',
  account: 'account',
  person: 'person',
  session: 'session',
  category: 'category',
  order: 'order',
  passkey: 'passkey',
  webhook: 'webhook endpoint',
};

/**
 * Every change to pets, categories, orders, keys and accounts, and every sign-in, failed sign-in and session
 * ended, newest first (staff only, as the audit trail is). Categories are named, not numbered.
 */
export function ActivityPage() {
  const { role } = useSignedIn().account;
  return (
    <>
      <PageHeading>Activity</PageHeading>
      {role === 'staff' ? <ActivityList /> : <p>The activity of all accounts is for staff.</p>}
    </>
  );
}

function ActivityList() {
  const client = useClient();
  const [, navigate] = useLocation();
  const view = parseActivitySearch(useSearch());
  const paging = useCursorPaging('cursor', (cursor) => activityPath({ ...view, cursor }));
  const { blocked } = useRateLimit();
  const status = useRef<HTMLDivElement>(null);
  const categories = useCategories();
  const events = useQuery({
    ...listAuditQueryOptions(client, {
      limit: PAGE_SIZE,
      ...(view.targetType === undefined ? {} : { targetType: view.targetType }),
      ...(view.targetType === undefined || view.targetId === undefined
        ? {}
        : { targetId: view.targetId }),
      ...(view.actorAccountId === undefined ? {} : { actorAccountId: view.actorAccountId }),
      expand: ['actor', 'target'],
      ...(view.cursor === undefined ? {} : { cursor: view.cursor }),
    }),
    enabled: !blocked,
    placeholderData: keepPreviousData,
  });
  /** Another view of the activity, from its first page. */
  const show = (next: ActivityView) => {
    navigate(activityPath(next));
  };
  const found = events.data?.data ?? [];
  const petId = view.targetType === 'pet' ? view.targetId : undefined;
  const petName =
    found.find((event) => event.target.type === 'pet' && event.target.id === petId)?.target.name ??
    undefined;
  const accounts = useAccounts(view.actorAccountId !== undefined);
  const accountName =
    accounts.data?.data.find((account) => account.id === view.actorAccountId)?.name ??
    found.flatMap(({ actor }) =>
      typeof actor === 'object' && actor.accountId === view.actorAccountId ? [actor] : [],
    )[0]?.accountName;
  const filtered = view.targetType !== undefined || view.actorAccountId !== undefined;
  const nextCursor = cursorOf(events.data?.next);
  const waiting = events.isPlaceholderData || events.isPending;

  let message: ReactNode = null;
  if (waiting) message = <p>Loading the activity…</p>;
  else if (events.isError && !isRateLimited(events.error))
    message = (
      <ErrorMessage
        error={events.error}
        onRetry={() => {
          void events.refetch();
        }}
      />
    );
  else if (events.data && found.length === 0)
    message = <p>{filtered ? 'No change matches these filters.' : 'Nothing has happened yet.'}</p>;
  else if (events.data)
    message = <p>{`${found.length} ${found.length === 1 ? 'event' : 'events'}, newest first.`}</p>;

  return (
    <section aria-labelledby="activity-list-heading">
      <h2 id="activity-list-heading" className="visually-hidden">
        Events
      </h2>
      <div className="filters">
        <div className="field">
          <label htmlFor="activity-kind">Show</label>
          <select
            id="activity-kind"
            value={view.targetType ?? ''}
            onChange={(event) => {
              const chosen = AuditTargetType.safeParse(event.target.value);
              show({
                targetType: chosen.success ? chosen.data : undefined,
                actorAccountId: view.actorAccountId,
                cursor: undefined,
              });
            }}
          >
            <option value="">All changes</option>
            {AuditTargetType.options.map((kind) => (
              <option key={kind} value={kind}>
                {KINDS[kind]}
              </option>
            ))}
          </select>
        </div>
        <NameFilter
          label="Pet"
          noun="pet"
          chosen={petId === undefined ? undefined : { id: petId, name: petName }}
          useMatches={usePetMatches}
          onChoose={(pet) => {
            show({
              targetType: 'pet',
              targetId: pet.id,
              actorAccountId: view.actorAccountId,
              cursor: undefined,
            });
          }}
          onClear={() => {
            show({ targetType: 'pet', actorAccountId: view.actorAccountId, cursor: undefined });
          }}
        />
        <NameFilter
          label="Partner"
          noun="partner"
          chosen={
            view.actorAccountId === undefined
              ? undefined
              : { id: view.actorAccountId, name: accountName }
          }
          useMatches={useAccountMatches}
          onChoose={(account) => {
            show({ ...view, actorAccountId: account.id, cursor: undefined });
          }}
          onClear={() => {
            show({ ...view, actorAccountId: undefined, cursor: undefined });
          }}
        />
      </div>
      {view.targetType !== undefined && view.targetType !== 'pet' && view.targetId !== undefined ? (
        <p>
          Only the events of {NOUNS_OF[view.targetType]} {view.targetId}.{' '}
          <Link
            href={activityPath({
              targetType: view.targetType,
              actorAccountId: view.actorAccountId,
              cursor: undefined,
            })}
          >
            Show every {NOUNS_OF[view.targetType]}
          </Link>
        </p>
      ) : null}
      <div ref={status} className="list-status" aria-live="polite" tabIndex={-1}>
        {message}
      </div>
      {found.length > 0 ? (
        <div className="stacked-frame">
          <table className="stacked activity-table" aria-busy={waiting || undefined}>
            <caption className="visually-hidden">Activity, newest first</caption>
            <thead>
              <tr>
                <th scope="col">{COLUMN.what}</th>
                <th scope="col">{COLUMN.who}</th>
                <th scope="col">{COLUMN.changes}</th>
                <th scope="col">{COLUMN.when}</th>
              </tr>
            </thead>
            <tbody>
              {found.map((event) => (
                <tr key={event.id}>
                  <th scope="row">
                    <EventAction event={event} categories={categories} />
                  </th>
                  <td data-label={COLUMN.who}>
                    <EventActor actor={event.actor} />
                  </td>
                  <td data-label={COLUMN.changes} className="changes">
                    {/* One element: a phone's card lays the changes out as one value. */}
                    <div>
                      {describeChanges(event, categories).map((change) => (
                        <div key={change}>{change}</div>
                      ))}
                    </div>
                  </td>
                  <td data-label={COLUMN.when}>
                    <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <CursorPager
        paging={paging}
        nextCursor={nextCursor}
        waiting={events.isPlaceholderData}
        fallback={() => status.current}
      />
    </section>
  );
}
