/**
 * The sign-in page: email and password, checked as the API checks them, and why a sign-in failed.
 */
import { PetstoreApiError } from '@pets/client';
import { SignIn, toErrorDetails } from '@pets/contract';
import { useRef, useState, type SubmitEvent } from 'react';
import { Field } from '../../../components/ui/field.js';
import { PageHeading } from '../../../components/ui/page-heading.js';
import { apiSentence, detailsOf, isUnauthorized } from '../../../lib/errors.js';
import { useFormIssues } from '../../../lib/form-issues.js';
import { useSession } from '../../../lib/session.js';
import { useSignIn } from '../api/sign-in.js';
import { PasskeySignIn } from './passkey-sign-in.js';
import { SingleSignOn, SingleSignOnNotice } from './single-sign-on.js';
import { COOKIE_NOT_KEPT, SIGNED_OUT_BECAUSE, signInHeldBack } from '../utils/sentences.js';

/**
 * People sign in with their email and password; the API answers with the session cookie, which
 * this page never sees. The router leaves this page once the API says who is signed in.
 */
export function SignInPage() {
  const { because } = useSession();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const { issues, failure, show, say } = useFormIssues(['email', 'password'], {
    email: emailInput,
    password: passwordInput,
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const parsed = SignIn.safeParse({ email: email.trim(), password });
    if (!parsed.success) {
      show(toErrorDetails(parsed.error));
      return;
    }
    say(null);
    signIn.mutate(parsed.data, {
      onSuccess: (current) => {
        if (!current) say(COOKIE_NOT_KEPT);
      },
      onError: (error) => {
        const details = detailsOf(error);
        if (details.length > 0) {
          show(details);
          return;
        }
        say(
          error instanceof PetstoreApiError &&
            error.code === 'rate_limited' &&
            error.retryAfter !== undefined
            ? signInHeldBack(error.message, error.retryAfter)
            : apiSentence(error),
        );
        // Wrong email or password: the password goes, to be typed again.
        if (isUnauthorized(error)) {
          setPassword('');
          passwordInput.current?.focus();
        }
      },
    });
  };

  return (
    <main id="main" className="sign-in">
      <PageHeading>Sign in</PageHeading>
      <SingleSignOnNotice />
      {because ? (
        <p role="alert" className="notice">
          {SIGNED_OUT_BECAUSE[because]}
        </p>
      ) : null}
      <p>
        Sign in with your email and password. To join, ask someone on your team for an invitation
        link; if you forgot your password, ask staff for a link to choose a new one.
      </p>
      <form noValidate onSubmit={submit}>
        <Field label="Email" error={issues['email']}>
          {(control) => (
            <input
              {...control}
              ref={emailInput}
              type="email"
              autoComplete="username"
              spellCheck={false}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
              }}
            />
          )}
        </Field>
        <Field label="Password" error={issues['password']}>
          {(control) => (
            <input
              {...control}
              ref={passwordInput}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
              }}
            />
          )}
        </Field>
        <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
        <button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <PasskeySignIn />
      <SingleSignOn />
    </main>
  );
}
