/**
 * Your account: change your password, the current one required. The API ends every other session
 * of the person; this one goes on. A wrong current password shows in the API's words on its field.
 */
import { ChangePassword, toErrorDetails } from '@pets/contract';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { Field } from '../../../components/ui/field.js';
import { StatusMessage } from '../../../components/ui/status-message.js';
import { apiSentence, detailsOf, isRateLimited } from '../../../lib/errors.js';
import { useFormIssues } from '../../../lib/form-issues.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useSignedIn } from '../../../lib/session.js';
import { useChangePassword } from '../api/change-password.js';
import { NewPasswordField } from './new-password-field.js';

export const PASSWORD_CHANGED =
  'Your password is changed. Every other session of yours has ended; this one goes on.';

export function ChangePasswordForm() {
  const { person } = useSignedIn();
  const change = useChangePassword();
  const { blocked } = useRateLimit();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [changed, setChanged] = useState<string | null>(null);
  const currentInput = useRef<HTMLInputElement>(null);
  const newInput = useRef<HTMLInputElement>(null);
  const { issues, failure, show, say } = useFormIssues(['currentPassword', 'newPassword'], {
    currentPassword: currentInput,
    newPassword: newInput,
  });
  const heading = `${useId()}-password`;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setChanged(null);
    const parsed = ChangePassword.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      show(toErrorDetails(parsed.error));
      return;
    }
    say(null);
    change.mutate(parsed.data, {
      onSuccess: () => {
        change.reset();
        setCurrentPassword('');
        setNewPassword('');
        setChanged(PASSWORD_CHANGED);
      },
      onError: (error) => {
        const details = detailsOf(error);
        // "Current password is not your password.", on its field: the API's words.
        if (details.length > 0) show(details);
        else say(isRateLimited(error) ? null : apiSentence(error));
      },
    });
  };

  return (
    <section aria-labelledby={heading} className="panel">
      <h2 id={heading}>Change your password</h2>
      <p>Every other session of yours ends (on other devices too); this one goes on.</p>
      <form noValidate onSubmit={submit} className="narrow-form">
        {/* For password managers: whose password this is. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={person.email}
          readOnly
          hidden
        />
        <Field label="Current password" error={issues['currentPassword']}>
          {(control) => (
            <input
              {...control}
              ref={currentInput}
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(event) => {
                setCurrentPassword(event.target.value);
              }}
            />
          )}
        </Field>
        <NewPasswordField
          label="New password"
          value={newPassword}
          error={issues['newPassword']}
          inputRef={newInput}
          onChange={setNewPassword}
        />
        <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
        <button type="submit" disabled={change.isPending || blocked}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </button>
      </form>
      <StatusMessage message={changed} />
    </section>
  );
}
