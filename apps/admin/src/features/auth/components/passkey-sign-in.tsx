/**
 * "Sign in with a passkey" on the sign-in page, where the browser has WebAuthn: the browser's own
 * prompt offers the passkeys it has for this site; no email is typed. A closed prompt is said
 * calmly, a refusal in the API's words.
 */
import { PetstoreApiError } from '@pets/client';
import { useState } from 'react';
import { apiSentence } from '../../../lib/errors.js';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey.js';
import {
  isPromptClosed,
  PROMPT_FAILED,
  SIGN_IN_PROMPT_CLOSED,
} from '../utils/passkey-sentences.js';
import { COOKIE_NOT_KEPT } from '../utils/sentences.js';

/** Whether this browser can use passkeys at all. */
const hasWebAuthn = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

/** What a failed passkey sign-in says. */
export function passkeySignInFailure(error: unknown): string {
  if (error instanceof PetstoreApiError) return apiSentence(error);
  if (isPromptClosed(error)) return SIGN_IN_PROMPT_CLOSED;
  return PROMPT_FAILED(error instanceof Error ? error.message : String(error));
}

export function PasskeySignIn() {
  const signIn = useSignInWithPasskey();
  const [failure, setFailure] = useState<string | null>(null);
  if (!hasWebAuthn()) return null;
  return (
    <div className="passkey-sign-in">
      <p>Or use a passkey saved on this device or in your password manager.</p>
      <button
        type="button"
        className="secondary"
        disabled={signIn.isPending}
        onClick={() => {
          setFailure(null);
          signIn.mutate(undefined, {
            onSuccess: (current) => {
              if (!current) setFailure(COOKIE_NOT_KEPT);
            },
            onError: (error) => {
              setFailure(passkeySignInFailure(error));
            },
          });
        }}
      >
        {signIn.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </button>
      <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
    </div>
  );
}
