/** The form that invites a person by email, checked as the API checks it. */
import type { Invitation } from '@pets/client';
import { NewInvitation, toErrorDetails } from '@pets/contract';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Field } from '../../../components/ui/field.js';
import { apiSentence, detailsOf, isRateLimited } from '../../../lib/errors.js';
import { useFormIssues } from '../../../lib/form-issues.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { type InvitationsOf, useCreateInvitation } from '../api/create-invitation.js';

/** Whom to invite: an email, checked as the API checks it. */
export function InviteForm({
  of,
  onCreated,
  focusOnMount,
}: {
  of: InvitationsOf;
  onCreated: (invitation: Invitation) => void;
  focusOnMount: boolean;
}) {
  const invite = useCreateInvitation(of);
  const { blocked } = useRateLimit();
  const [email, setEmail] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const { issues, failure, show, say } = useFormIssues(['email'], { email: input });

  useEffect(() => {
    if (focusOnMount) input.current?.focus();
  }, [focusOnMount]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invite.isPending) return;
    const parsed = NewInvitation.safeParse({ email: email.trim() });
    if (!parsed.success) {
      show(toErrorDetails(parsed.error));
      return;
    }
    say(null);
    invite.mutate(parsed.data.email, {
      onSuccess: ({ data }) => {
        invite.reset();
        setEmail('');
        onCreated(data);
      },
      onError: (error) => {
        const details = detailsOf(error);
        if (details.length > 0) show(details);
        // "This email already belongs to a person: …", in the API's words.
        else say(isRateLimited(error) ? null : apiSentence(error));
      },
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <div className="form-row">
        <Field label="Email" error={issues['email']} hint="Whom to invite, e.g. ann@example.com.">
          {(control) => (
            <input
              {...control}
              ref={input}
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
              }}
            />
          )}
        </Field>
        <button type="submit" disabled={invite.isPending || blocked}>
          {invite.isPending ? 'Creating…' : 'Create invitation link'}
        </button>
      </div>
      <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
    </form>
  );
}
