/** The welcome page an invitation's link opens, where a person joins their account. */
import { AcceptInvitation, SINGLE_SIGN_ON_LINK, toErrorDetails } from '@pets/contract';
import { useRef, useState, type SubmitEvent } from 'react';
import { useLocation } from 'wouter';
import { Field } from '../../../components/ui/field.js';
import { PageHeading } from '../../../components/ui/page-heading.js';
import { apiSentence, detailsOf } from '../../../lib/errors.js';
import { useFormIssues } from '../../../lib/form-issues.js';
import { useAcceptInvitation } from '../api/accept-invitation.js';
import { useLinkToken } from '../utils/link-token.js';
import {
  COOKIE_NOT_KEPT,
  INVITATION_FOR_SINGLE_SIGN_ON,
  LINK_MISSING,
  linkDead,
} from '../utils/sentences.js';
import { LinkRefused } from './link-refused.js';
import { NewPasswordField } from './new-password-field.js';

/**
 * `/admin/welcome#<secret>`, where an invitation's link leads: the person chooses their name and a
 * password, joins the account and is signed in, then lands on the pets.
 */
export function AcceptInvitationPage() {
  const token = useLinkToken();
  const [, navigate] = useLocation();
  const accept = useAcceptInvitation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [refused, setRefused] = useState(token === undefined ? LINK_MISSING : null);
  const nameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const { issues, failure, show, say } = useFormIssues(['name', 'password'], {
    name: nameInput,
    password: passwordInput,
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (accept.isPending || token === undefined) return;
    const parsed = AcceptInvitation.safeParse({ token, name, password });
    if (!parsed.success) {
      show(toErrorDetails(parsed.error));
      return;
    }
    say(null);
    accept.mutate(parsed.data, {
      onSuccess: (current) => {
        if (current) navigate('/', { replace: true });
        else say(COOKIE_NOT_KEPT);
      },
      onError: (error) => {
        const details = detailsOf(error);
        if (details.some(({ issue }) => issue === SINGLE_SIGN_ON_LINK))
          setRefused(INVITATION_FOR_SINGLE_SIGN_ON);
        else if (details.some(({ field }) => field === 'token')) setRefused(linkDead('invitation'));
        else if (details.length > 0) show(details);
        else say(apiSentence(error));
      },
    });
  };

  return (
    <main id="main" className="sign-in">
      <PageHeading>Welcome</PageHeading>
      {refused ? (
        <LinkRefused sentence={refused} />
      ) : (
        <>
          <p>
            You are invited to the pet store admin. Choose your name, as your colleagues will see
            it, and a password; then you are signed in. You sign in later with the email you were
            invited with.
          </p>
          <form noValidate onSubmit={submit}>
            <Field label="Name" error={issues['name']}>
              {(control) => (
                <input
                  {...control}
                  ref={nameInput}
                  type="text"
                  autoComplete="name"
                  value={name}
                  onChange={(event) => {
                    setName(event.target.value);
                  }}
                />
              )}
            </Field>
            <NewPasswordField
              label="Password"
              value={password}
              error={issues['password']}
              inputRef={passwordInput}
              onChange={setPassword}
            />
            <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
            <button type="submit" disabled={accept.isPending}>
              {accept.isPending ? 'Joining…' : 'Join and sign in'}
            </button>
          </form>
        </>
      )}
    </main>
  );
}
