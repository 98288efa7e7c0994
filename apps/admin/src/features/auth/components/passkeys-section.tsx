/**
 * Your account: the person's passkeys (name, added, last used), Add a passkey with a name, Remove
 * after a dialog, and Remove your password once a passkey is there (after a dialog). The API keeps
 * the last way in: a person without a password keeps a passkey.
 */
import { PetstoreApiError, type Passkey } from '@pets/client';
import { PasskeyName, PASSKEYS_MAX, toErrorDetails } from '@pets/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { flushSync } from 'react-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { Field } from '../../../components/ui/field.js';
import { StatusMessage } from '../../../components/ui/status-message.js';
import { useClient } from '../../../lib/client.js';
import { apiSentence, describeError, detailsOf, isRateLimited } from '../../../lib/errors.js';
import { formatDateTime } from '../../../lib/format.js';
import { useFormIssues } from '../../../lib/form-issues.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useSignedIn } from '../../../lib/session.js';
import { useAddPasskey } from '../api/add-passkey.js';
import { listPasskeysQueryOptions } from '../api/list-passkeys.js';
import { useRemovePasskey } from '../api/remove-passkey.js';
import { useRemovePassword } from '../api/remove-password.js';
import {
  ADD_PROMPT_CLOSED,
  ALREADY_ON_DEVICE,
  isPromptClosed,
  PROMPT_FAILED,
} from '../utils/passkey-sentences.js';

const COLUMN = { added: 'Added', lastUsed: 'Last used' } as const;

/** What a failed add says: the API's words, or what the browser's prompt did. */
function addFailure(error: unknown): string {
  if (error instanceof PetstoreApiError) return apiSentence(error);
  if (isPromptClosed(error)) return ADD_PROMPT_CLOSED;
  if (error instanceof Error && error.name === 'InvalidStateError') return ALREADY_ON_DEVICE;
  return PROMPT_FAILED(error instanceof Error ? error.message : String(error));
}

function AddPasskeyForm({ full }: { full: boolean }) {
  const add = useAddPasskey();
  const { blocked } = useRateLimit();
  const [name, setName] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const { issues, failure, show, say } = useFormIssues(['name'], { name: nameInput });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    setAdded(null);
    const parsed = PasskeyName.safeParse(name);
    if (!parsed.success) {
      show(toErrorDetails(parsed.error).map((detail) => ({ ...detail, field: 'name' })));
      return;
    }
    say(null);
    add.mutate(parsed.data, {
      onSuccess: (answer) => {
        setName('');
        setAdded(`Added the passkey ${answer.data.name}.`);
      },
      onError: (error) => {
        const details = detailsOf(error).filter((detail) => detail.field === 'name');
        if (details.length > 0) show(details);
        else say(addFailure(error));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="narrow-form">
      <Field
        label="Passkey name"
        hint="The device or password manager it is on, so you can tell your passkeys apart."
        error={issues['name']}
      >
        {(control) => (
          <input
            {...control}
            ref={nameInput}
            type="text"
            autoComplete="off"
            maxLength={60}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
            }}
          />
        )}
      </Field>
      <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
      <div className="actions">
        <button type="submit" disabled={add.isPending || blocked || full}>
          {add.isPending ? 'Waiting for your passkey…' : 'Add a passkey'}
        </button>
      </div>
      {full ? (
        <p>You have {PASSKEYS_MAX} passkeys, as many as you may: remove one to add another.</p>
      ) : null}
      <StatusMessage message={added} />
    </form>
  );
}

function RemovePassword() {
  const remove = useRemovePassword();
  const { blocked } = useRateLimit();
  const [asking, setAsking] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const stopAsking = () => {
    flushSync(() => {
      setAsking(false);
      setCurrentPassword('');
    });
    button.current?.focus();
  };
  // The API's words for a wrong password, said on the field ("is not your password").
  const wrongPassword = remove.isError ? detailsOf(remove.error)[0]?.issue : undefined;
  return (
    <>
      <p>
        With a passkey you can do without a password: once it is removed, no one can sign in as you
        with your email and a password.
      </p>
      <div className="actions">
        <button
          ref={button}
          type="button"
          className="secondary"
          disabled={remove.isPending || blocked}
          onClick={() => {
            remove.reset();
            setAsking(true);
          }}
        >
          Remove your password
        </button>
      </div>
      <div aria-live="polite">
        {remove.isError && wrongPassword === undefined && !isRateLimited(remove.error) ? (
          <p className="error">Could not remove your password. {describeError(remove.error)}</p>
        ) : null}
      </div>
      {asking ? (
        <ConfirmDialog
          title="Remove your password?"
          confirmLabel={remove.isPending ? 'Removing…' : 'Remove password'}
          cancelLabel="Keep my password"
          danger
          busy={remove.isPending || blocked || currentPassword === ''}
          onConfirm={() => {
            remove.mutate(
              { currentPassword },
              {
                onSuccess: () => {
                  setAsking(false);
                },
                // A wrong password is said in the dialog, to try again; anything else closes it.
                onError: (error) => {
                  if (detailsOf(error).length === 0) stopAsking();
                },
              },
            );
          }}
          onCancel={stopAsking}
        >
          <p>
            From now on you sign in with a passkey only: your email and password no longer let you
            in. Your sessions go on. If you lose your passkeys, staff can send you a link to choose
            a new password.
          </p>
          <Field label="Current password" error={wrongPassword}>
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="current-password"
                value={currentPassword}
                onChange={(event) => {
                  setCurrentPassword(event.target.value);
                }}
              />
            )}
          </Field>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export function PasskeysSection() {
  const heading = `${useId()}-passkeys`;
  const client = useClient();
  const { hasPassword } = useSignedIn();
  const { blocked } = useRateLimit();
  const passkeys = useQuery({ ...listPasskeysQueryOptions(client), enabled: !blocked });
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const list = passkeys.data?.data ?? [];

  const stopRemoving = () => {
    setRemoving(null);
  };

  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>Passkeys</h2>
      <p>
        A passkey signs you in with this device’s screen lock or your password manager, with no
        password to type or steal. Add one on each device you use.
      </p>
      {hasPassword ? null : (
        <p>
          You have no password: you sign in with a passkey. If you lose them all, ask staff for a
          link to choose a new password.
        </p>
      )}
      {passkeys.isError ? (
        <p className="error">Could not load your passkeys. {describeError(passkeys.error)}</p>
      ) : passkeys.isPending ? (
        <p>Loading your passkeys…</p>
      ) : list.length === 0 ? (
        <p>You have no passkeys yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="stacked" aria-labelledby={heading}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">{COLUMN.added}</th>
                <th scope="col">{COLUMN.lastUsed}</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((passkey) => (
                <tr key={passkey.id}>
                  <th scope="row">{passkey.name}</th>
                  <td data-label={COLUMN.added}>
                    <time dateTime={passkey.createdAt}>{formatDateTime(passkey.createdAt)}</time>
                  </td>
                  <td data-label={COLUMN.lastUsed}>
                    {passkey.lastUsedAt === null ? (
                      'Never'
                    ) : (
                      <time dateTime={passkey.lastUsedAt}>
                        {formatDateTime(passkey.lastUsedAt)}
                      </time>
                    )}
                  </td>
                  <td className="stacked-actions">
                    <button
                      type="button"
                      className="secondary"
                      disabled={remove.isPending || blocked}
                      onClick={() => {
                        setMessage(null);
                        setRemoving(passkey);
                      }}
                    >
                      Remove <span className="visually-hidden">the passkey {passkey.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <StatusMessage message={message} failed={failed} />
      <AddPasskeyForm full={list.length >= PASSKEYS_MAX} />
      {hasPassword && list.length > 0 ? <RemovePassword /> : null}
      {removing ? (
        <ConfirmDialog
          title={`Remove the passkey ${removing.name}?`}
          confirmLabel={remove.isPending ? 'Removing…' : 'Remove passkey'}
          cancelLabel="Keep it"
          danger
          busy={remove.isPending || blocked}
          onConfirm={() => {
            remove.mutate(removing, {
              onSuccess: () => {
                setFailed(false);
                setMessage(`Removed the passkey ${removing.name}.`);
                stopRemoving();
              },
              onError: (error) => {
                setFailed(true);
                setMessage(
                  `Could not remove the passkey ${removing.name}. ${describeError(error)}`,
                );
                stopRemoving();
              },
            });
          }}
          onCancel={stopRemoving}
        >
          <p>It no longer signs you in. Remove it from the device or password manager too.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
