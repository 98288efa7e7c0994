/**
 * Staff: an account's open invitations (email, made, good until), a page at a time (the page in the
 * address, `?invitations=…`), each with Revoke after a confirmation that names the email. Links
 * are never shown again: they were shown once, when made.
 */
import type { OpenInvitation } from '@pets/client';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { PagedTable } from '../../../components/paged-table.js';
import { useClient } from '../../../lib/client.js';
import { useCursorPaging } from '../../../lib/cursor-paging.js';
import { describeError, isRateLimited } from '../../../lib/errors.js';
import { formatDateTime } from '../../../lib/format.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useRowButtons } from '../../../lib/row-buttons.js';
import { listInvitationsQueryOptions } from '../api/list-invitations.js';
import { useRevokeInvitation } from '../api/revoke-invitation.js';
import { ConfirmRevokeInvitation } from './confirm-revoke-invitation.js';

const COLUMN = { made: 'Made', expires: 'Good until' } as const;

/** The address param of this list's page. */
export const INVITATIONS_PARAM = 'invitations';

export function InvitationsSection({ accountId, owner }: { accountId: number; owner: string }) {
  const heading = `${useId()}-invitations`;
  const client = useClient();
  const { blocked } = useRateLimit();
  const paging = useCursorPaging(INVITATIONS_PARAM);
  const invitations = useQuery({
    ...listInvitationsQueryOptions(client, accountId, paging.cursor),
    enabled: !blocked,
  });
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<OpenInvitation | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const buttons = useRowButtons<number>();
  const busy = revoke.isPending || blocked;

  const stopConfirming = (invitation: OpenInvitation) => {
    flushSync(() => {
      setRevoking(null);
    });
    buttons.focus(invitation.id);
  };

  const confirmRevoke = (invitation: OpenInvitation) => {
    setMessage(null);
    setFailure(null);
    revoke.mutate(invitation.id, {
      onSuccess: () => {
        setRevoking(null);
        setMessage(`Revoked the invitation for ${invitation.email}.`);
      },
      onError: (error) => {
        stopConfirming(invitation);
        if (!isRateLimited(error)) setFailure(describeError(error));
      },
    });
  };

  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>Open invitations to {owner}</h2>
      <p>
        Invitations not yet accepted, oldest first. Revoking one stops its link at once;
        deactivating a person revokes the invitations they made.
      </p>
      <PagedTable
        list={invitations}
        paging={paging}
        labelledBy={heading}
        pagerLabel="Pages of invitations"
        says={{
          loading: 'Loading invitations…',
          empty: 'No open invitations.',
          noMore: 'No more invitations.',
        }}
        columns={['Email', COLUMN.made, COLUMN.expires]}
        actions
        row={(invitation) => (
          <tr key={invitation.id}>
            <th scope="row" className="email-cell">
              {invitation.email}
            </th>
            <td data-label={COLUMN.made}>
              <time dateTime={invitation.createdAt}>{formatDateTime(invitation.createdAt)}</time>
            </td>
            <td data-label={COLUMN.expires}>
              <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>
            </td>
            <td className="stacked-actions">
              <button
                ref={buttons.refFor(invitation.id)}
                type="button"
                className="secondary"
                disabled={busy}
                onClick={() => {
                  setRevoking(invitation);
                }}
              >
                Revoke{' '}
                <span className="visually-hidden">the invitation for {invitation.email}</span>
              </button>
            </td>
          </tr>
        )}
        failure={failure}
        message={message}
      />
      {revoking ? (
        <ConfirmRevokeInvitation
          invitation={revoking}
          busy={busy}
          onConfirm={() => {
            confirmRevoke(revoking);
          }}
          onCancel={() => {
            stopConfirming(revoking);
          }}
        />
      ) : null}
    </section>
  );
}
