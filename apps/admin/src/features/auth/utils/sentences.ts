/** What the sign-in pages say, each sentence once. */
import {
  INVITATION_TTL_MS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROBLEMS,
  RESET_LINK_TTL_MS,
} from '@pets/contract';
import { formatTime, formatWait } from '../../../lib/format.js';
import type { SignedOutBecause } from '../../../lib/session.js';

/** Why the sign-in page shows: the API's own words for a session that ended. */
export const SIGNED_OUT_BECAUSE: Record<SignedOutBecause, string> = {
  'signed-out': 'You have signed out.',
  'signed-out-everywhere': 'You have signed out everywhere: every session of yours has ended.',
  ended: PROBLEMS.sessionEnded.message,
};

/** The API set the cookie, and the next request came without it. */
export const COOKIE_NOT_KEPT =
  'The API signed you in, but this browser did not keep the session cookie. Open the admin over HTTPS (or at localhost), with cookies allowed, and try again.';

export const NEW_PASSWORD_HINT = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, any you like: a few words you will remember work well. The most common passwords are refused, and so is one that holds your email or your name.`;

export const LINK_MISSING =
  'This page opens from a one-time link, which holds its secret after “#”. Open the whole link you were given.';

/** An invitation for an email of single sign-on: accepted only by signing in with the company. */
export const INVITATION_FOR_SINGLE_SIGN_ON =
  'This invitation is accepted by signing in with your company: go to sign in and use its button. No password is needed.';

export const linkDead = (what: 'invitation' | 'reset'): string =>
  what === 'invitation'
    ? `This invitation link can no longer be used: it was used or withdrawn, is more than ${INVITATION_TTL_MS / 86_400_000} days old, or is not whole. Ask whoever invited you for a new one.`
    : `This link can no longer be used: it was used or replaced by a newer one, is more than ${RESET_LINK_TTL_MS / 60_000} minutes old, or is not whole. Ask staff for a new one.`;

/**
 * A refused sign-in's 429 (too many failures for the email), in the API's words but its wait as
 * people read one: "Try again in 15 min 30 s, at 12:48." rather than "Retry after 930 seconds.".
 */
export function signInHeldBack(message: string, retryAfter: number, now = Date.now()): string {
  const said = message.replace(/\s*Retry after \d+ seconds?\.?\s*$/, '');
  const at = formatTime(new Date(now + retryAfter * 1000).toISOString(), new Date(now));
  return `${said} Try again in ${formatWait(retryAfter)}, at ${at}.`;
}
