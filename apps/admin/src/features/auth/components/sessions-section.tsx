/**
 * Your account: where the person is signed in (every session that has not ended, on any device),
 * each with Sign out, and Sign out everywhere. Paged in the address (`?sessions=…`) as the keys
 * are; on a phone each row stacks into a card (app.css, `table.stacked`).
 */
import type { Session } from '@pets/client';
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from '@pets/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { PagedTable } from '../../../components/paged-table.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { useClient } from '../../../lib/client.js';
import { useCursorPaging } from '../../../lib/cursor-paging.js';
import { describeError, isRateLimited } from '../../../lib/errors.js';
import { formatDateTime } from '../../../lib/format.js';
import { useRowButtons } from '../../../lib/row-buttons.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useEndAllSessions } from '../api/end-all-sessions.js';
import { useEndSession } from '../api/end-session.js';
import { listSessionsQueryOptions } from '../api/list-sessions.js';
import { deviceName } from '../utils/device-name.js';

/** The columns, named once: their header cells, and each cell's label when rows stack on a phone. */
const COLUMN = {
  address: 'Address',
  started: 'Signed in',
  lastUsed: 'Last used',
} as const;

/** The address param of this list's page: the account pages hold other lists. */
export const SESSIONS_PARAM = 'sessions';

/** "Chrome on Linux, signed in 1 Jan 2030, 09:00": tells a row's Sign out from the others'. */
const sessionName = (session: Session) =>
  `${deviceName(session.device)}, signed in ${formatDateTime(session.startedAt)}`;

function SessionRow({
  session,
  busy,
  buttonRef,
  onEnd,
}: {
  session: Session;
  busy: boolean;
  buttonRef: (button: HTMLButtonElement | null) => void;
  onEnd: () => void;
}) {
  return (
    <tr>
      <th scope="row">
        <span title={session.device}>{deviceName(session.device)}</span>
        {session.current ? (
          <>
            {' '}
            <span className="tag">This device</span>
          </>
        ) : null}
      </th>
      <td data-label={COLUMN.address}>
        <code>{session.address}</code>
      </td>
      <td data-label={COLUMN.started}>
        <time dateTime={session.startedAt}>{formatDateTime(session.startedAt)}</time>
      </td>
      <td data-label={COLUMN.lastUsed}>
        <time dateTime={session.lastUsedAt}>{formatDateTime(session.lastUsedAt)}</time>
      </td>
      <td className="stacked-actions">
        <button ref={buttonRef} type="button" className="secondary" disabled={busy} onClick={onEnd}>
          Sign out{' '}
          <span className="visually-hidden">
            {session.current ? 'this device' : sessionName(session)}
          </span>
        </button>
      </td>
    </tr>
  );
}

function SessionsTable({ labelledBy }: { labelledBy: string }) {
  const client = useClient();
  const { blocked } = useRateLimit();
  const paging = useCursorPaging(SESSIONS_PARAM);
  const sessions = useQuery({
    ...listSessionsQueryOptions(client, paging.cursor),
    enabled: !blocked,
  });
  const end = useEndSession();
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const buttons = useRowButtons<number>();

  const endSession = (session: Session) => {
    setMessage(null);
    setFailure(null);
    end.mutate(session, {
      // This device goes back to the sign-in page; another one's row goes.
      onSuccess: () => {
        if (!session.current) setMessage(`Signed out ${sessionName(session)}.`);
      },
      onError: (error) => {
        flushSync(() => {
          if (!isRateLimited(error)) setFailure(describeError(error));
        });
        buttons.focus(session.id);
      },
    });
  };

  return (
    <PagedTable
      list={sessions}
      paging={paging}
      labelledBy={labelledBy}
      pagerLabel="Pages of sessions"
      says={{ loading: 'Loading your sessions…', noMore: 'No more sessions.' }}
      columns={['Device', COLUMN.address, COLUMN.started, COLUMN.lastUsed]}
      actions
      row={(session) => (
        <SessionRow
          key={session.id}
          session={session}
          busy={end.isPending || blocked}
          buttonRef={buttons.refFor(session.id)}
          onEnd={() => {
            endSession(session);
          }}
        />
      )}
      failure={failure}
      message={message}
    />
  );
}

/** Sign out everywhere, after a dialog that says this device signs out too. */
function SignOutEverywhere() {
  const endAll = useEndAllSessions();
  const { blocked } = useRateLimit();
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const stopAsking = () => {
    flushSync(() => {
      setAsking(false);
    });
    button.current?.focus();
  };
  return (
    <>
      <div className="actions">
        <button
          ref={button}
          type="button"
          className="secondary"
          disabled={endAll.isPending || blocked}
          onClick={() => {
            endAll.reset();
            setAsking(true);
          }}
        >
          Sign out everywhere
        </button>
      </div>
      <div aria-live="polite">
        {endAll.isError && !isRateLimited(endAll.error) ? (
          <p className="error">Could not sign out everywhere. {describeError(endAll.error)}</p>
        ) : null}
      </div>
      {asking ? (
        <ConfirmDialog
          title="Sign out everywhere?"
          confirmLabel={endAll.isPending ? 'Signing out…' : 'Sign out everywhere'}
          cancelLabel="Stay signed in"
          busy={endAll.isPending || blocked}
          onConfirm={() => {
            endAll.mutate(undefined, { onError: stopAsking });
          }}
          onCancel={stopAsking}
        >
          <p>
            Every session of yours ends, on every device, this one too: you go back to the sign-in
            page. Your password stays as it is.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export function SessionsSection() {
  const heading = `${useId()}-sessions`;
  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>Where you are signed in</h2>
      <p>
        Each browser signed in as you, oldest first. A session ends when it signs out, after{' '}
        {SESSION_IDLE_MS / 60_000} minutes unused, or {SESSION_MAX_AGE_MS / 3_600_000} hours after
        signing in. Sign out any you do not recognise, and change your password.
      </p>
      <SessionsTable labelledBy={heading} />
      <SignOutEverywhere />
    </section>
  );
}
