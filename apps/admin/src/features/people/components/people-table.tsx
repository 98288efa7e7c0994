/**
 * An account's people (name, email, joined, active or deactivated), a page at a time (the page in
 * the address, `?people=…`, with Previous and Next). With `manage` (staff, on an account's page),
 * each active person has Make reset link (a one-time link to choose a new password, shown once) and
 * Deactivate (after a confirmation that names them), each deactivated one Reactivate. A refusal (the
 * last active staff person) shows in the API's words. On a phone each row stacks into a card.
 */
import type { PasswordResetLink, Person } from '@pets/client';
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
import { useSignedIn } from '../../../lib/session.js';
import { useCreatePasswordReset } from '../api/create-password-reset.js';
import { useDeactivatePerson } from '../api/deactivate-person.js';
import { useReactivatePerson } from '../api/reactivate-person.js';
import { listPeopleQueryOptions, type PeopleOf } from '../api/list-people.js';
import { ConfirmDeactivate } from './confirm-deactivate.js';
import { NewResetLink } from './new-reset-link.js';

/** The columns, named once: their header cells, and each cell's label when rows stack on a phone. */
const COLUMN = {
  email: 'Email',
  joined: 'Joined',
  status: 'Status',
} as const;

/** The address param of this list's page: an account's page pages its keys too. */
export const PEOPLE_PARAM = 'people';

type Action = 'reset' | 'deactivate' | 'reactivate';

function PersonRow({
  person,
  you,
  manage,
  busy,
  buttonRef,
  onAction,
}: {
  person: Person;
  you: boolean;
  manage: boolean;
  busy: boolean;
  buttonRef: (action: Action, button: HTMLButtonElement | null) => void;
  onAction: (action: Action) => void;
}) {
  const actions = manage && !you && person.deactivatedAt === null;
  const reactivates = manage && person.deactivatedAt !== null;
  return (
    <tr>
      <th scope="row">
        {person.name}
        {you ? (
          <>
            {' '}
            <span className="tag">You</span>
          </>
        ) : null}
      </th>
      <td data-label={COLUMN.email} className="email-cell">
        {person.email}
      </td>
      <td data-label={COLUMN.joined}>
        <time dateTime={person.createdAt}>{formatDateTime(person.createdAt)}</time>
      </td>
      <td data-label={COLUMN.status}>
        {/* One element: on a phone the cell is a grid of its label and its value. */}
        {person.deactivatedAt ? (
          <span>
            Deactivated{' '}
            <time dateTime={person.deactivatedAt}>{formatDateTime(person.deactivatedAt)}</time>
          </span>
        ) : (
          'Active'
        )}
      </td>
      {manage ? (
        <td className="stacked-actions">
          {actions ? (
            <span className="row-actions">
              <button
                ref={(button) => {
                  buttonRef('reset', button);
                }}
                type="button"
                className="secondary"
                disabled={busy}
                onClick={() => {
                  onAction('reset');
                }}
              >
                Make reset link <span className="visually-hidden">for {person.name}</span>
              </button>
              <button
                ref={(button) => {
                  buttonRef('deactivate', button);
                }}
                type="button"
                className="secondary"
                disabled={busy}
                onClick={() => {
                  onAction('deactivate');
                }}
              >
                Deactivate <span className="visually-hidden">{person.name}</span>
              </button>
            </span>
          ) : null}
          {reactivates ? (
            <button
              ref={(button) => {
                buttonRef('reactivate', button);
              }}
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => {
                onAction('reactivate');
              }}
            >
              Reactivate <span className="visually-hidden">{person.name}</span>
            </button>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}

export function PeopleTable({
  of,
  manage,
  labelledBy,
}: {
  of: PeopleOf;
  manage: boolean;
  labelledBy: string;
}) {
  const client = useClient();
  const you = useSignedIn().person.id;
  const { blocked } = useRateLimit();
  const paging = useCursorPaging(PEOPLE_PARAM);
  const people = useQuery({
    ...listPeopleQueryOptions(client, of, paging.cursor),
    enabled: !blocked,
  });
  const deactivate = useDeactivatePerson();
  const createReset = useCreatePasswordReset();
  const reactivate = useReactivatePerson();
  const [deactivating, setDeactivating] = useState<Person | null>(null);
  const [reset, setReset] = useState<{ person: Person; link: PasswordResetLink } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const buttons = useRowButtons<string>();
  const busy = deactivate.isPending || createReset.isPending || reactivate.isPending || blocked;

  /** Back to a row's button once what covered it (the dialog, the link) is gone. */
  const backTo = (person: Person, action: Action, close: () => void) => {
    flushSync(close);
    buttons.focus(`${action}-${person.id}`);
  };

  const confirmDeactivate = (person: Person) => {
    setMessage(null);
    setFailure(null);
    deactivate.mutate(person.id, {
      onSuccess: () => {
        setDeactivating(null);
        setMessage(
          `Deactivated ${person.name} (${person.email}). Their sessions end within seconds.`,
        );
      },
      onError: (error) => {
        backTo(person, 'deactivate', () => {
          setDeactivating(null);
          if (!isRateLimited(error)) setFailure(describeError(error));
        });
      },
    });
  };

  const reactivatePerson = (person: Person) => {
    setMessage(null);
    setFailure(null);
    reactivate.mutate(person.id, {
      onSuccess: () => {
        setMessage(
          `Reactivated ${person.name} (${person.email}): they can sign in again. Their old sessions, links and keys stay ended.`,
        );
      },
      onError: (error) => {
        if (!isRateLimited(error)) setFailure(describeError(error));
      },
    });
  };

  const makeResetLink = (person: Person) => {
    setMessage(null);
    setFailure(null);
    createReset.mutate(person.id, {
      onSuccess: ({ data }) => {
        createReset.reset();
        setReset({ person, link: data });
      },
      onError: (error) => {
        if (!isRateLimited(error)) setFailure(describeError(error));
      },
    });
  };

  return (
    <>
      {reset ? (
        <NewResetLink
          person={reset.person}
          reset={reset.link}
          onDismiss={() => {
            backTo(reset.person, 'reset', () => {
              setReset(null);
            });
          }}
        />
      ) : null}
      <PagedTable
        list={people}
        paging={paging}
        labelledBy={labelledBy}
        pagerLabel="Pages of people"
        says={{
          loading: 'Loading people…',
          empty: 'No one has joined this account yet.',
          noMore: 'No more people.',
        }}
        columns={['Name', COLUMN.email, COLUMN.joined, COLUMN.status]}
        actions={manage}
        row={(person) => (
          <PersonRow
            key={person.id}
            person={person}
            you={person.id === you}
            manage={manage}
            busy={busy}
            buttonRef={(action, button) => {
              buttons.refFor(`${action}-${person.id}`)(button);
            }}
            onAction={(action) => {
              if (action === 'deactivate') setDeactivating(person);
              else if (action === 'reactivate') reactivatePerson(person);
              else makeResetLink(person);
            }}
          />
        )}
        failure={failure}
        message={message}
      />
      {deactivating ? (
        <ConfirmDeactivate
          person={deactivating}
          busy={deactivate.isPending || blocked}
          onConfirm={() => {
            confirmDeactivate(deactivating);
          }}
          onCancel={() => {
            backTo(deactivating, 'deactivate', () => {
              setDeactivating(null);
            });
          }}
        />
      ) : null}
    </>
  );
}
