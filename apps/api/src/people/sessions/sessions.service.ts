/**
 * People's sessions (docs/staff/sign-in.md): signing in with the limit on failures, the check of
 * every request with the cookie, signing out, a person's sessions in pages, and ending them.
 */
import { hash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type CurrentSession,
  type ListKeysQuery,
  type Session,
  PROBLEMS,
  SESSION_IDLE_MS,
  SESSION_MAX_AGE_MS,
  type SignIn,
} from '@pets/contract';
import { LRUCache } from 'lru-cache';
import { AccountsService, limitsOf } from '../../accounts/accounts.service.js';
import { ApiException } from '../../errors/api-exception.js';
import { CLOCK, type Clock } from '../../config/clock.js';
import { Cursors } from '../../paging/cursor.js';
import { type Page, scopedPage } from '../../paging/paging.js';
import type { Principal, SessionCaller } from '../../gate/principal.js';
import { type Actor, AuditRepository } from '../../audit/audit.repository.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { type WriteTx, Writer } from '../../database/writer.js';
import { singleSignOnDomain } from '../links/links.service.js';
import { passwordMatches } from '../passwords.js';
import { emailKey, PeopleRepository } from '../people.repository.js';
import { SessionsRepository, type SessionWithAccount } from './sessions.repository.js';
import { SignInLimit } from './sign-in-limit.js';

/** How long a session lookup (found or not) is trusted: an ended session is refused within this. */
export const SESSION_CACHE_TTL_MS = 4_000;
const SESSION_CACHE_MAX = 50_000;
/** `last_used_at` is written at most this often per session, never on the request's path. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** 32 random bytes, base64url: 256 bits (docs/staff/sign-in.md asks for at least 128). */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
const hashSessionId = (id: string): string => hash('sha256', id, 'hex');

/** What the browser says it is, shortened; the address as the request gives it. */
const DEVICE_MAX = 200;

/** A session's principal: a person called, so `session` is set and no key. */
type SessionPrincipal = Principal & { readonly keyId: null; readonly session: SessionCaller };

interface CachedLookup {
  /** The session as stored, or `null` for none with this id. */
  session: SessionWithAccount | null;
  principal: SessionPrincipal | null;
}

/** A new session: the id for the cookie (shown this once) and how long the cookie may live. */
export interface NewSession {
  id: string;
  maxAgeSeconds: number;
}

/**
 * The check of a request with the session cookie costs no database round trip: a lookup is kept
 * for {@link SESSION_CACHE_TTL_MS}, so a session ended on any instance is refused everywhere within
 * it. A session ends after 30 minutes without use (its last use is stored to within a minute: 30 to
 * 31 minutes), 12 hours after sign-in, and when ended.
 */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);
  private readonly cache: LRUCache<string, CachedLookup>;
  private readonly pending = new Map<string, Promise<CachedLookup>>();

  constructor(
    private readonly people: PeopleRepository,
    private readonly sessions: SessionsRepository,
    private readonly accounts: AccountsService,
    private readonly writer: Writer,
    private readonly audit: AuditRepository,
    private readonly limit: SignInLimit,
    private readonly cursors: Cursors,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.cache = new LRUCache<string, CachedLookup>({
      max: SESSION_CACHE_MAX,
      ttl: SESSION_CACHE_TTL_MS,
      perf: clock,
      ttlResolution: 0,
      // A lookup past its time stays until the next replaces it: its last use is read then.
      noDeleteOnStaleGet: true,
    });
  }

  /**
   * Signs a person in: a new session, or `401 invalid_credentials` in the same words and about the
   * same time for an unknown email, a wrong password, a deactivated person and an email of a single
   * sign-on domain (whose people sign in with the provider only). Over the failures one email may
   * have, `429` before the password is checked.
   */
  async signIn(
    { email, password }: SignIn,
    client: { device: string; address: string },
  ): Promise<NewSession> {
    const found: { person: Awaited<ReturnType<PeopleRepository['forSignIn']>> } = { person: null };
    const passed = await this.limit.checked(emailKey(email), async () => {
      const person = (found.person = await this.people.forSignIn(email));
      // Always one hash check (against a hash nobody has a password for when there is no person).
      const matches = await passwordMatches(person?.passwordHash ?? null, password);
      // An email of a single sign-on domain signs in only with the provider: a wrong password.
      const providerOnly = singleSignOnDomain(this.config, email) !== undefined;
      return matches && person !== null && person.deactivatedAt === null && !providerOnly;
    });
    const { person } = found;
    const now = this.clock.now();
    if (!passed || !person) {
      // Recorded off the answer's path, so a known email is not told apart by a slower answer.
      if (person) this.recordFailure(person.id, person.accountId, person.email, now);
      throw ApiException.of(PROBLEMS.invalidCredentials);
    }
    const id = await this.writer.transaction((tx) => this.startIn(tx, person, client, now));
    return { id, maxAgeSeconds: SESSION_MAX_AGE_MS / 1000 };
  }

  /**
   * A new session for a person, in the transaction that lets them in (signing in, accepting an
   * invitation, choosing a new password), recorded as their sign-in. Resolves with its id, for the
   * cookie: the only place it is ever kept whole.
   */
  async startIn(
    tx: WriteTx,
    person: { id: number; accountId: number },
    client: { device: string; address: string },
    now: number,
  ): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const sessionId = await this.sessions.insert(tx, {
      personId: person.id,
      hash: hashSessionId(id),
      createdAt: now,
      lastUsedAt: now,
      device: client.device.slice(0, DEVICE_MAX),
      address: client.address,
    });
    await this.audit.record(tx, now, {
      actor: { accountId: person.accountId, personId: person.id },
      action: 'person.signed_in',
      target: { type: 'session', id: sessionId },
      changes: {},
    });
    return id;
  }

  /** The cookie's lifetime for a session started now. */
  readonly maxAgeSeconds = SESSION_MAX_AGE_MS / 1000;

  /**
   * Ends every session of a person in the transaction that changes their password or deactivates
   * them; after it commits, {@link forget} them here (other instances within the cache's time).
   */
  endAllIn(tx: WriteTx, personId: number, now: number, except?: number): Promise<number> {
    return this.sessions.endAllOf(tx, personId, now, except);
  }

  /**
   * Drops this instance's lookups of a person's sessions (but `except`), so the next request reads
   * them again.
   */
  forget(personId: number, except?: number): void {
    for (const [key, lookup] of this.cache.entries())
      if (lookup.session?.personId === personId && lookup.session.id !== except)
        this.cache.delete(key);
  }

  /**
   * The person a session id belongs to, or `null` for a malformed, unknown or ended one (signed
   * out, idle, too old, or its person deactivated).
   */
  async authenticate(id: string): Promise<SessionPrincipal | null> {
    if (!SESSION_ID.test(id)) return null;
    const key = hashSessionId(id);
    const lookup = this.cache.get(key) ?? (await this.lookup(key));
    const { session, principal } = lookup;
    if (!session || !principal) return null;
    const now = this.clock.now();
    if (now >= principal.session.expiresAt) return null;
    if (now - session.lastUsedAt >= SESSION_IDLE_MS + LAST_USED_RESOLUTION_MS) return null;
    this.touch(session, now);
    return principal;
  }

  /** Ends the session of this caller: at once here, within {@link SESSION_CACHE_TTL_MS} elsewhere. */
  async end(caller: SessionCaller, actor: Actor): Promise<void> {
    const now = this.clock.now();
    await this.writer.transaction(async (tx) => {
      await tx.lockRow('sessions', caller.id);
      if (!(await this.sessions.end(tx, caller.id, now))) return;
      await this.audit.record(tx, now, {
        actor,
        action: 'session.ended',
        target: { type: 'session', id: caller.id },
        changes: { endedAt: [null, new Date(now).toISOString()] },
      });
    });
    for (const [key, lookup] of this.cache.entries())
      if (lookup.session?.id === caller.id) this.cache.delete(key);
  }

  /** Ends every session of the caller's person, this one too (sign out everywhere). */
  async endAll(caller: SessionCaller, actor: Actor): Promise<void> {
    const now = this.clock.now();
    await this.writer.transaction(async (tx) => {
      await tx.lockRow('people', caller.personId);
      if ((await this.endAllIn(tx, caller.personId, now)) === 0) return;
      await this.audit.record(tx, now, {
        actor,
        action: 'session.ended',
        target: { type: 'person', id: caller.personId },
        changes: { endedAt: [null, new Date(now).toISOString()] },
      });
    });
    this.forget(caller.personId);
  }

  /** A page of the person's live sessions, this one marked `current`. */
  page(caller: SessionCaller, query: ListKeysQuery): Promise<Page<Session>> {
    const list = {
      kind: 's1',
      scope: String(caller.personId),
      otherScope: "belongs to another person's sessions",
    };
    return scopedPage(this.cursors, list, query, async (afterId, take) => {
      const now = this.clock.now();
      const rows = await this.sessions.page(caller.personId, afterId ?? 0, take, {
        startedAfter: now - SESSION_MAX_AGE_MS,
        usedAfter: now - SESSION_IDLE_MS - LAST_USED_RESOLUTION_MS,
      });
      return rows.map((row) => ({
        id: row.id,
        device: row.device,
        address: row.address,
        startedAt: new Date(row.createdAt).toISOString(),
        lastUsedAt: new Date(row.lastUsedAt).toISOString(),
        current: row.id === caller.id,
      }));
    });
  }

  /** Ends one of the caller's own live sessions, or `404` (another's, ended, or none). */
  async endOwn(caller: SessionCaller, sessionId: number, actor: Actor): Promise<void> {
    const now = this.clock.now();
    const [own] = await this.sessions.page(caller.personId, sessionId - 1, 1, {
      startedAfter: now - SESSION_MAX_AGE_MS,
      usedAfter: now - SESSION_IDLE_MS - LAST_USED_RESOLUTION_MS,
    });
    if (own?.id !== sessionId) throw ApiException.of(PROBLEMS.sessionNotFound);
    await this.end({ ...caller, id: sessionId }, actor);
  }

  /** Who is signed in with this session, for `GET /session`. */
  async current(principal: Principal & { session: SessionCaller }): Promise<CurrentSession> {
    const [person, account, passwordHash] = await Promise.all([
      this.people.find(principal.session.personId),
      this.accounts.view(principal.accountId),
      this.people.passwordHash(principal.session.personId),
    ]);
    if (!person) throw new Error(`The person of session ${principal.session.id} is not there`);
    return {
      person: {
        id: person.id,
        accountId: person.accountId,
        email: person.email,
        name: person.name,
        createdAt: new Date(person.createdAt).toISOString(),
        deactivatedAt:
          person.deactivatedAt === null ? null : new Date(person.deactivatedAt).toISOString(),
      },
      account,
      hasPassword: passwordHash !== null,
      startedAt: new Date(principal.session.startedAt).toISOString(),
      expiresAt: new Date(principal.session.expiresAt).toISOString(),
    };
  }

  private lookup(key: string): Promise<CachedLookup> {
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.load(key).finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  private async load(key: string): Promise<CachedLookup> {
    // A use this instance recorded may not be written yet: the later of the two counts.
    const before = this.cache.peek(key, { allowStale: true })?.session?.lastUsedAt ?? 0;
    const session = await this.sessions.findByHash(key);
    if (session && before > session.lastUsedAt) session.lastUsedAt = before;
    const lookup: CachedLookup =
      !session || session.endedAt !== null || session.deactivatedAt !== null
        ? { session: null, principal: null }
        : {
            session,
            principal: {
              accountId: session.accountId,
              keyId: null,
              session: {
                id: session.id,
                personId: session.personId,
                startedAt: session.createdAt,
                expiresAt: session.createdAt + SESSION_MAX_AGE_MS,
              },
              role: session.role,
              plan: session.plan,
              limits: limitsOf(session),
            },
          };
    this.cache.set(key, lookup);
    return lookup;
  }

  private recordFailure(personId: number, accountId: number, email: string, now: number): void {
    this.writer
      .transaction((tx) =>
        this.audit.record(tx, now, {
          actor: 'anonymous',
          action: 'person.sign_in_failed',
          target: { type: 'person', id: personId },
          changes: { email: [null, email] },
        }),
      )
      .catch((error: unknown) => {
        this.logger.warn(
          `could not record a failed sign-in of person ${personId} (account ${accountId}): ${String(error)}`,
        );
      });
  }

  /** Records the use of a session, at most once a {@link LAST_USED_RESOLUTION_MS}, off the path. */
  private touch(session: SessionWithAccount, now: number): void {
    if (now - session.lastUsedAt < LAST_USED_RESOLUTION_MS) return;
    session.lastUsedAt = now;
    this.writer
      .transaction((tx) => this.sessions.touch(tx, session.id, now))
      .catch((error: unknown) => {
        this.logger.warn(`could not record last use of session ${session.id}: ${String(error)}`);
      });
  }
}
