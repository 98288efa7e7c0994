/** The table of an account's API keys, a page at a time, each with who made it and Revoke. */
import type { ApiKey } from '@pets/client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { PagedTable } from '../../../components/paged-table.js';
import { useClient } from '../../../lib/client.js';
import { useCursorPaging } from '../../../lib/cursor-paging.js';
import { describeError, isRateLimited } from '../../../lib/errors.js';
import { formatDateTime } from '../../../lib/format.js';
import { useRowButtons } from '../../../lib/row-buttons.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { listKeysQueryOptions, type KeysOf } from '../api/list-keys.js';
import { useRevokeKey } from '../api/revoke-key.js';
import { shortName } from '../utils/key-name.js';
import { ConfirmRevoke } from './confirm-revoke.js';

/** The columns, named once: their header cells, and each cell's label when rows stack on a phone. */
const COLUMN = {
  prefix: 'Prefix',
  madeBy: 'Made by',
  created: 'Created',
  lastUsed: 'Last used',
  status: 'Status',
} as const;

/** Who made a key, in words: deactivating that person revokes it. */
export const madeBy = (maker: ApiKey['createdBy']): string => {
  switch (maker.type) {
    case 'person':
      return maker.name;
    case 'key':
      return `Another key (id ${maker.keyId})`;
    case 'cli':
      return 'Command-line tool';
  }
};

function KeyRow({
  apiKey,
  busy,
  revokeRef,
  onRevoke,
}: {
  apiKey: ApiKey;
  busy: boolean;
  revokeRef: (button: HTMLButtonElement | null) => void;
  onRevoke: () => void;
}) {
  return (
    <tr>
      <th scope="row">{apiKey.label || <span className="muted">No label</span>}</th>
      <td data-label={COLUMN.prefix}>
        <code>{apiKey.prefix}</code>
      </td>
      <td data-label={COLUMN.madeBy}>{madeBy(apiKey.createdBy)}</td>
      <td data-label={COLUMN.created}>
        <time dateTime={apiKey.createdAt}>{formatDateTime(apiKey.createdAt)}</time>
      </td>
      <td data-label={COLUMN.lastUsed}>
        {apiKey.lastUsedAt ? (
          <time dateTime={apiKey.lastUsedAt}>{formatDateTime(apiKey.lastUsedAt)}</time>
        ) : (
          'Never'
        )}
      </td>
      <td data-label={COLUMN.status}>
        {/* One element: on a phone the cell is a grid of its label and its value. */}
        {apiKey.revokedAt ? (
          <span>
            Revoked <time dateTime={apiKey.revokedAt}>{formatDateTime(apiKey.revokedAt)}</time>
          </span>
        ) : (
          'Active'
        )}
      </td>
      <td className="stacked-actions">
        {apiKey.revokedAt ? null : (
          <button
            ref={revokeRef}
            type="button"
            className="secondary"
            disabled={busy}
            onClick={onRevoke}
          >
            Revoke <span className="visually-hidden">{shortName(apiKey)}</span>
          </button>
        )}
      </td>
    </tr>
  );
}

/**
 * An account's keys, each revocable after a confirmation that names it, a page at a time (the page
 * in the address, `?cursor=…`, with Previous and Next). Fits any width: on a phone each row stacks
 * into a card (app.css, `table.stacked`).
 */
export function KeysTable({ of, labelledBy }: { of: KeysOf; labelledBy: string }) {
  const client = useClient();
  const { blocked } = useRateLimit();
  const paging = useCursorPaging();
  const keys = useQuery({ ...listKeysQueryOptions(client, of, paging.cursor), enabled: !blocked });
  const revoke = useRevokeKey(of);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const revokeButtons = useRowButtons<number>();

  // Back to the row's Revoke button, once the dialog (which makes the page inert) is gone.
  const stopConfirming = (key: ApiKey) => {
    flushSync(() => {
      setRevoking(null);
    });
    revokeButtons.focus(key.id);
  };

  const confirmRevoke = (key: ApiKey) => {
    setMessage(null);
    setFailure(null);
    revoke.mutate(key.id, {
      onSuccess: () => {
        setRevoking(null);
        setMessage(`Revoked the key ${shortName(key, true)}.`);
      },
      onError: (error) => {
        stopConfirming(key);
        if (!isRateLimited(error)) setFailure(describeError(error));
      },
    });
  };

  return (
    <>
      <PagedTable
        list={keys}
        paging={paging}
        labelledBy={labelledBy}
        pagerLabel="Pages of keys"
        says={{
          loading: 'Loading keys…',
          empty: 'This account has no keys.',
          noMore: 'No more keys.',
        }}
        columns={[
          'Label',
          COLUMN.prefix,
          COLUMN.madeBy,
          COLUMN.created,
          COLUMN.lastUsed,
          COLUMN.status,
        ]}
        actions
        row={(key) => (
          <KeyRow
            key={key.id}
            apiKey={key}
            busy={revoke.isPending || blocked}
            revokeRef={revokeButtons.refFor(key.id)}
            onRevoke={() => {
              setRevoking(key);
            }}
          />
        )}
        failure={failure}
        message={message}
      />
      {revoking ? (
        <ConfirmRevoke
          apiKey={revoking}
          busy={revoke.isPending || blocked}
          onConfirm={() => {
            confirmRevoke(revoking);
          }}
          onCancel={() => {
            stopConfirming(revoking);
          }}
        />
      ) : null}
    </>
  );
}
