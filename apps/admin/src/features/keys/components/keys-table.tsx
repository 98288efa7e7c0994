import type { ApiKey } from '@pets/client';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ErrorMessage } from '../../../components/error-message.js';
import { StatusMessage } from '../../../components/ui/status-message.js';
import { TableScroll } from '../../../components/ui/table-scroll.js';
import { useClient } from '../../../lib/client.js';
import { describeError, isRateLimited } from '../../../lib/errors.js';
import { formatDateTime } from '../../../lib/format.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useSession } from '../../../lib/session.js';
import { listKeysQueryOptions } from '../api/list-keys.js';
import { useRevokeKey } from '../api/revoke-key.js';

function KeyRow({
  apiKey,
  inUse,
  onRevoked,
  onFailed,
}: {
  apiKey: ApiKey;
  inUse: boolean;
  onRevoked: (key: ApiKey) => void;
  onFailed: (error: unknown) => void;
}) {
  const revoke = useRevokeKey();
  const { blocked } = useRateLimit();
  const [confirming, setConfirming] = useState(false);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  const confirm = (next: boolean) => {
    flushSync(() => {
      setConfirming(next);
    });
    (next ? confirmButton : revokeButton).current?.focus();
  };

  return (
    <tr>
      <th scope="row">
        {apiKey.label}
        {inUse ? <span className="tag">signed in with it</span> : null}
      </th>
      <td>
        <code>{apiKey.prefix}</code>
      </td>
      <td>
        <time dateTime={apiKey.createdAt}>{formatDateTime(apiKey.createdAt)}</time>
      </td>
      <td>
        {apiKey.lastUsedAt ? (
          <time dateTime={apiKey.lastUsedAt}>{formatDateTime(apiKey.lastUsedAt)}</time>
        ) : (
          'Never'
        )}
      </td>
      <td>
        {apiKey.revokedAt ? (
          <>
            Revoked <time dateTime={apiKey.revokedAt}>{formatDateTime(apiKey.revokedAt)}</time>
          </>
        ) : (
          'Active'
        )}
      </td>
      <td className="actions-cell">
        {apiKey.revokedAt ? null : confirming ? (
          <div className="actions">
            {inUse ? <span className="warning">You will be signed out.</span> : null}
            <button
              ref={confirmButton}
              type="button"
              className="danger"
              disabled={revoke.isPending || revoke.isSuccess || blocked}
              onClick={() => {
                revoke.mutate(apiKey.id, {
                  onSuccess: () => {
                    onRevoked(apiKey);
                  },
                  onError: (error) => {
                    confirm(false);
                    onFailed(error);
                  },
                });
              }}
            >
              Confirm revoke <span className="visually-hidden">{apiKey.label}</span>
            </button>
            <button
              type="button"
              className="secondary"
              disabled={revoke.isPending}
              onClick={() => {
                confirm(false);
              }}
            >
              Cancel
            </button>
          </div>
        ) : (
          <button
            ref={revokeButton}
            type="button"
            className="secondary"
            onClick={() => {
              confirm(true);
            }}
          >
            Revoke <span className="visually-hidden">{apiKey.label}</span>
          </button>
        )}
      </td>
    </tr>
  );
}

/** The signed-in account's keys, each revocable after a confirmation. */
export function KeysTable() {
  const client = useClient();
  const { apiKey: signedInKey } = useSession();
  const { blocked } = useRateLimit();
  const keys = useQuery({ ...listKeysQueryOptions(client), enabled: !blocked });
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  let state = null;
  if (keys.isPending && keys.isFetching) state = <p>Loading keys…</p>;
  else if (keys.isError && !isRateLimited(keys.error)) state = <ErrorMessage error={keys.error} />;
  else if (keys.data?.data.length === 0) state = <p>This account has no keys.</p>;

  return (
    <>
      <div aria-live="polite">
        {state}
        {failure ? <p className="error">{failure}</p> : null}
      </div>
      {keys.data && keys.data.data.length > 0 ? (
        <TableScroll labelledBy="keys-caption">
          <table>
            <caption id="keys-caption">Keys of this account</caption>
            <thead>
              <tr>
                <th scope="col">Label</th>
                <th scope="col">Prefix</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.data.map((key) => (
                <KeyRow
                  key={key.id}
                  apiKey={key}
                  inUse={signedInKey?.startsWith(key.prefix) ?? false}
                  onRevoked={(revoked) => {
                    setFailure(null);
                    setMessage(`Revoked the key “${revoked.label}”.`);
                  }}
                  onFailed={(error) => {
                    setMessage(null);
                    if (!isRateLimited(error)) setFailure(describeError(error));
                  }}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <StatusMessage message={message} />
    </>
  );
}
