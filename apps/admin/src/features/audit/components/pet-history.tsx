/**
 * A pet's history for staff, from the audit trail, shown with the pet: who changed it by name
 * ("by Ann (Shelter)", "by key ci (Partner Co)"), each account linked to its page.
 */
import type { AuditEvent } from '@pets/client';
import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../../components/error-message.js';
import { useCategories } from '../../../lib/categories.js';
import { useClient } from '../../../lib/client.js';
import { isRateLimited } from '../../../lib/errors.js';
import { formatDateTime } from '../../../lib/format.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { listAuditQueryOptions } from '../api/list-audit.js';
import { describeChanges } from '../utils/describe-event.js';
import { EventActor } from './event-words.js';

const VERBS: Partial<Record<AuditEvent['action'], string>> = {
  'pet.created': 'Created',
  'pet.updated': 'Changed',
  'pet.deleted': 'Deleted',
  'pet.profile_updated': 'Profile changed',
  'photo.added': 'Photo added',
  'photo.moved': 'Photo moved',
  'photo.removed': 'Photo removed',
};
const SHOWN = 20;

/** The latest changes to one pet, newest first (staff: the audit trail is theirs to read). */
export function PetHistory({ petId, headingId }: { petId: number; headingId: string }) {
  const client = useClient();
  const { blocked } = useRateLimit();
  const history = useQuery({
    ...listAuditQueryOptions(client, {
      targetType: 'pet',
      targetId: petId,
      limit: SHOWN,
      expand: ['actor'],
    }),
    enabled: !blocked,
  });
  const categories = useCategories();
  const events = history.data?.data ?? [];
  return (
    <section aria-labelledby={headingId} className="history">
      <h3 id={headingId}>History</h3>
      <div aria-live="polite">
        {history.isPending ? <p>Loading the history…</p> : null}
        {history.isError && !isRateLimited(history.error) ? (
          <ErrorMessage
            error={history.error}
            onRetry={() => {
              void history.refetch();
            }}
          />
        ) : null}
        {history.data && events.length === 0 ? <p>No changes recorded.</p> : null}
      </div>
      {events.length > 0 ? (
        <ol className="events">
          {events.map((event) => (
            <li key={event.id}>
              <p className="event-head">
                <strong>{VERBS[event.action] ?? event.action}</strong>{' '}
                <time dateTime={event.at}>{formatDateTime(event.at)}</time> by{' '}
                <EventActor actor={event.actor} />
              </p>
              {Object.keys(event.changes).length > 0 ? (
                <ul className="changes">
                  {describeChanges(event, categories).map((change) => (
                    <li key={change}>{change}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {history.data?.next ? (
        <p className="hint">The {SHOWN} latest changes; the Activity page has them all.</p>
      ) : null}
    </section>
  );
}
