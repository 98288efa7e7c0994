/**
 * Who is calling: an account's key or a person's session, with the account's role and rate
 * limits, as the guards resolve it and the handlers read it.
 */
import type { Plan, Role } from '@pets/contract';

/** A person signed in, as their session says. */
export interface SessionCaller {
  /** The session's row (never its secret id, which only the cookie holds). */
  readonly id: number;
  readonly personId: number;
  /** Unix milliseconds: when they signed in, and when the session ends at the latest. */
  readonly startedAt: number;
  readonly expiresAt: number;
}

/**
 * Who is calling: resolved from the API key or the session cookie by the authentication guard,
 * read by handlers and the rate limiter. Exactly one of `keyId` and `session` is set.
 */
export interface Principal {
  readonly accountId: number;
  /** The key that called; `null` when a person signed in did. */
  readonly keyId: number | null;
  /** The person signed in; `null` when a key called. */
  readonly session: SessionCaller | null;
  readonly role: Role;
  readonly plan: Plan;
  /** Requests per UTC minute and per UTC day for this account. */
  readonly limits: { readonly perMinute: number; readonly perDay: number };
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}
