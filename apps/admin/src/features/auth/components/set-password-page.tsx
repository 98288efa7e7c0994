/** The set-password page a password-reset link opens, where a person chooses a new password. */
import { ResetPassword, toErrorDetails } from '@pets/contract';
import { useRef, useState, type SubmitEvent } from 'react';
import { useLocation } from 'wouter';
import { PageHeading } from '../../../components/ui/page-heading.js';
import { apiSentence, detailsOf } from '../../../lib/errors.js';
import { useFormIssues } from '../../../lib/form-issues.js';
import { useResetPassword } from '../api/reset-password.js';
import { useLinkToken } from '../utils/link-token.js';
import { COOKIE_NOT_KEPT, LINK_MISSING, linkDead } from '../utils/sentences.js';
import { LinkRefused } from './link-refused.js';
import { NewPasswordField } from './new-password-field.js';

/**
 * `/admin/set-password#<secret>`, where a password-reset link leads (and the first run's link for
 * admin@localhost): the person chooses a new password and is signed in; their other sessions end.
 */
export function SetPasswordPage() {
  const token = useLinkToken();
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [refused, setRefused] = useState(token === undefined ? LINK_MISSING : null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const { issues, failure, show, say } = useFormIssues(['password'], { password: passwordInput });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending || token === undefined) return;
    const parsed = ResetPassword.safeParse({ token, password });
    if (!parsed.success) {
      show(toErrorDetails(parsed.error));
      return;
    }
    say(null);
    reset.mutate(parsed.data, {
      onSuccess: (current) => {
        if (current) navigate('/', { replace: true });
        else say(COOKIE_NOT_KEPT);
      },
      onError: (error) => {
        const details = detailsOf(error);
        if (details.some(({ field }) => field === 'token')) setRefused(linkDead('reset'));
        else if (details.length > 0) show(details);
        else say(apiSentence(error));
      },
    });
  };

  return (
    <main id="main" className="sign-in">
      <PageHeading>Choose a new password</PageHeading>
      {refused ? (
        <LinkRefused sentence={refused} />
      ) : (
        <>
          {/* Said to someone with no password yet too (the first run's link): nothing "old". */}
          <p>
            Choose the password you will sign in with. Any password you had before stops working,
            and you are signed out everywhere else. Then you are signed in here.
          </p>
          <form noValidate onSubmit={submit}>
            <NewPasswordField
              label="New password"
              value={password}
              error={issues['password']}
              inputRef={passwordInput}
              onChange={setPassword}
            />
            <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
            <button type="submit" disabled={reset.isPending}>
              {reset.isPending ? 'Saving…' : 'Set password and sign in'}
            </button>
          </form>
        </>
      )}
    </main>
  );
}
