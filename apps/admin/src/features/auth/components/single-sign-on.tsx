/**
 * "Sign in with <provider>" on the sign-in page, when the API has a company identity provider, and
 * why a single sign-on that came back to the page did not sign in.
 */
export function SingleSignOn() {
  return null;
}
