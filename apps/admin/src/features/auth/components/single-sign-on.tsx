/**
 * "Sign in with <provider>" on the sign-in page, when the API has a company identity provider, and
 * why a single sign-on that came back to the page did not sign in.
 */
import { SINGLE_SIGN_ON_FAILURES, SingleSignOnFailure } from '@pets/contract';
import { useEffect, useState } from 'react';
import { useSignInMethods } from '../api/get-sign-in-methods.js';

/** The parameter the API sends the browser back with when single sign-on did not sign in. */
const FAILURE_PARAMETER = 'sso_error';

/** Why the last single sign-on failed, as the address says it when the page opened. */
const failureInAddress = (): SingleSignOnFailure | undefined => {
  const parsed = SingleSignOnFailure.safeParse(
    new URLSearchParams(window.location.search).get(FAILURE_PARAMETER),
  );
  return parsed.success ? parsed.data : undefined;
};

/**
 * Why a single sign-on came back to the sign-in page, at its top with the other notices. It is said
 * once: the address loses it, so reloading or sharing the page does not say it again.
 */
export function SingleSignOnNotice() {
  const [failure] = useState(failureInAddress);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(FAILURE_PARAMETER)) return;
    url.searchParams.delete(FAILURE_PARAMETER);
    window.history.replaceState(window.history.state, '', url.href);
  }, []);

  return failure ? (
    <p role="alert" className="notice">
      {SINGLE_SIGN_ON_FAILURES[failure]}
    </p>
  ) : null;
}

/**
 * The provider's button is a link: the browser itself goes to the API, which sends it on to the
 * provider (a redirect, with the cookie that ties the sign-in to this browser), not a call of the
 * page's.
 */
export function SingleSignOn() {
  const provider = useSignInMethods().data?.singleSignOn;
  return provider ? (
    <div className="single-sign-on">
      <p>Or sign in with your company’s account.</p>
      <a className="button-link" href={provider.start}>
        Sign in with {provider.name}
      </a>
    </div>
  ) : null;
}
