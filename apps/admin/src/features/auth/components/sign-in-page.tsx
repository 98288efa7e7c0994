import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type SubmitEvent } from 'react';
import { RateLimitNotice } from '../../../components/rate-limit-notice.js';
import { Field } from '../../../components/ui/field.js';
import { PageHeading } from '../../../components/ui/page-heading.js';
import { describeError, isRateLimited, isUnauthorized } from '../../../lib/errors.js';
import { accountQueryKey } from '../../../lib/get-account.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useSession } from '../../../lib/session.js';
import { useCheckApiKey } from '../api/check-api-key.js';

export function SignInPage() {
  const { notice, signIn } = useSession();
  const queryClient = useQueryClient();
  const check = useCheckApiKey();
  const { blocked } = useRateLimit();
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  const refuse = (message: string) => {
    setError(message);
    input.current?.focus();
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const key = apiKey.trim();
    if (!key) {
      refuse('Enter an API key.');
      return;
    }
    setError(undefined);
    check.mutate(key, {
      onSuccess: (account) => {
        queryClient.setQueryData(accountQueryKey, account);
        signIn(key);
      },
      onError: (failure) => {
        if (isRateLimited(failure)) return;
        refuse(
          isUnauthorized(failure)
            ? 'This API key was not accepted. Check it and try again.'
            : describeError(failure),
        );
      },
    });
  };

  return (
    <main id="main" className="sign-in">
      <PageHeading>Sign in</PageHeading>
      {notice ? (
        <p role="alert" className="notice">
          {notice}
        </p>
      ) : null}
      <p>
        Paste an API key. It is kept in this browser tab only, and forgotten when you close the tab
        or sign out.
      </p>
      <form noValidate onSubmit={submit}>
        <Field label="API key" error={error}>
          {(control) => (
            <input
              {...control}
              ref={input}
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={apiKey}
              onChange={(event) => {
                setApiKey(event.target.value);
              }}
            />
          )}
        </Field>
        <button type="submit" disabled={check.isPending || blocked}>
          {check.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <div aria-live="polite">
        <RateLimitNotice />
      </div>
    </main>
  );
}
