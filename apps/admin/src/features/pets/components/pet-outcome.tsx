/**
 * What the last change to the pets did, said once and focused: for a pet just added, a link that
 * shows it in the list; for an order, a link to the orders; for a failure, the request id to copy;
 * after a bulk action, the pets it left as they were and why, and Undo for a reversible one.
 */
import { Link } from 'wouter';
import { CopyButton } from '../../../components/ui/copy-button.js';
import { StatusMessage } from '../../../components/ui/status-message.js';
import type { Outcome } from '../hooks/use-pet-changes.js';
import { petsPath, type PageSize } from '../utils/pets-search.js';

export function PetOutcome({ outcome, limit }: { outcome: Outcome | null; limit: PageSize }) {
  return (
    <StatusMessage message={outcome?.text ?? null} failed={outcome?.failed}>
      {outcome?.added ? (
        <>
          {' '}
          <Link
            href={petsPath({
              status: undefined,
              name: outcome.added.name,
              limit,
              cursor: undefined,
            })}
          >
            Show {outcome.added.name} in the list
          </Link>
        </>
      ) : null}
      {outcome?.link ? (
        <>
          {' '}
          <Link href={outcome.link.href}>{outcome.link.text}</Link>
        </>
      ) : null}
      {outcome?.undo ? (
        <>
          {' '}
          <button type="button" className="secondary" onClick={outcome.undo.run}>
            {outcome.undo.label}
          </button>
        </>
      ) : null}
      {outcome?.refused && outcome.refused.length > 0 ? (
        // Spans shown as lines: the message is one paragraph.
        <span className="refused">
          {outcome.refused.map(({ pet, reason }) => (
            <span key={pet.id}>
              {pet.name} (id {pet.id}): {reason.replace(/\.$/, '')}.
            </span>
          ))}
        </span>
      ) : null}
      {outcome?.requestId ? (
        <>
          {' '}
          <CopyButton value={outcome.requestId} label="Copy request id" />
        </>
      ) : null}
    </StatusMessage>
  );
}
