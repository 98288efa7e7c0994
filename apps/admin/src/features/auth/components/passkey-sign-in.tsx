/** "Sign in with a passkey" on the sign-in page. */
export function PasskeySignIn() {
  return null;
}
