/** What the passkey controls say when the browser's prompt does not make or give a passkey. */

/** The person closed the prompt (or it timed out): WebAuthn's NotAllowedError, or an abort. */
export const isPromptClosed = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

export const SIGN_IN_PROMPT_CLOSED =
  'The passkey prompt closed without signing you in. Try again when you are ready, or sign in with your email and password.';

export const ADD_PROMPT_CLOSED =
  'The passkey prompt closed before a passkey was made. Nothing has changed; try again when you are ready.';

/** The authenticator already holds a passkey of this person for this site (excluded). */
export const ALREADY_ON_DEVICE =
  'This device or password manager already has a passkey of yours for this site.';

/** The browser refused before the API was asked (no passkey support, an insecure page). */
export const PROMPT_FAILED = (message: string): string =>
  `This browser could not use a passkey here: ${message}`;
