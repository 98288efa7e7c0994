/**
 * Single sign-on with the company's OpenID Connect provider (docs/staff/sign-in.md): the
 * authorization code flow with PKCE, `state` and `nonce` through `openid-client`, kept in the
 * browser's cookie alone (no server-side state, so any instance finishes what another started), and
 * the verified email matched to a person, an invitation, or an allowed domain.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  Email,
  PersonName,
  PROBLEMS,
  type SignInMethods,
  SINGLE_SIGN_ON_TTL_MS,
  type SingleSignOnFailure,
} from '@pets/contract';
import * as oidc from 'openid-client';
import { AccountsService } from '../../accounts/accounts.service.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { ApiException } from '../../errors/api-exception.js';
import { CLOCK, type Clock } from '../../config/clock.js';
import { isUniqueViolation } from '../../errors/database-errors.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { Writer, type WriteTx } from '../../database/writer.js';
import { LinksRepository } from '../links/links.repository.js';
import { emailKey, PeopleRepository, type PersonRecord } from '../people.repository.js';
import { type NewSession, SessionsService } from '../sessions/sessions.service.js';

type Settings = NonNullable<AppConfig['singleSignOn']>;

/** What the provider is asked for: the ID token with the email and the name. */
const SCOPE = 'openid email profile';
/** Where the sign-in button sends the browser (the contract's `startSingleSignOn`). */
const START = '/v1/session/oidc';
/** How long a request to the provider may take before the sign-in is `unavailable`. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** The cookie: 32 random bytes (the PKCE verifier), a dot, and when it was made (ms). */
const COOKIE_VALUE = /^([A-Za-z0-9_-]{43})\.([0-9]{1,15})$/;
/** How far another instance's clock may be ahead of this one's for the cookie's time. */
const CLOCK_SKEW_MS = 60_000;
/** The longest name a person may have (PersonName in the contract). */
const NAME_MAX = 100;

/** What one sign-in under way derives from its cookie: never stored, never logged. */
interface Flow {
  cookie: string;
  verifier: string;
  state: string;
  nonce: string;
}

/** `state` and `nonce` are hashes of the cookie under their own labels; the verifier is its bytes. */
const derive = (label: string, cookie: string) =>
  createHash('sha256').update(`pets-sso-${label}\0${cookie}`).digest('base64url');

const flowOf = (cookie: string): Flow | null => {
  const match = COOKIE_VALUE.exec(cookie);
  if (!match?.[1]) return null;
  return {
    cookie,
    verifier: match[1],
    state: derive('state', cookie),
    nonce: derive('nonce', cookie),
  };
};

const sameText = (a: string, b: string) => {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
};

/** How a single sign-on ended: signed in (a new session), or on the sign-in page with a reason. */
export type SingleSignOnOutcome =
  | { session: NewSession; failure?: undefined }
  | { failure: SingleSignOnFailure; session?: undefined };

/** Thrown inside the transaction when another one took the invitation first: run it again. */
class TakenMeanwhile extends Error {}

/**
 * The company identity provider (docs/staff/sign-in.md). Discovery is lazy: the API starts while the
 * provider is down, a success is kept, and a failure is tried again at the next sign-in (which ends
 * as `unavailable`).
 */
@Injectable()
export class SingleSignOnService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SingleSignOnService.name);
  private readonly settings: Settings | undefined;
  private discovered: Promise<oidc.Configuration> | undefined;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly people: PeopleRepository,
    private readonly links: LinksRepository,
    private readonly sessions: SessionsService,
    private readonly accounts: AccountsService,
    private readonly writer: Writer,
    private readonly audit: AuditRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.settings = config.singleSignOn;
  }

  /** The account new people of the allowed domains join must be there: refuse to start otherwise. */
  async onApplicationBootstrap(): Promise<void> {
    const accountId = this.settings?.accountId;
    if (accountId === undefined || (await this.accounts.find(accountId))) return;
    throw new Error(
      `OIDC_ACCOUNT_ID is ${accountId}, but no account has this id: set it to the account people of ${this.settings?.allowedDomains.join(', ') ?? ''} join (npm run keys -- accounts create …)`,
    );
  }

  /** The ways in the sign-in page offers besides email and password. */
  methods(): SignInMethods {
    return {
      singleSignOn: this.settings ? { name: this.settings.providerName, start: START } : null,
      // Any person with a passkey signs in with it (POST /session/passkey): nothing to configure.
      passkeys: true,
    };
  }

  /**
   * Begins a sign-in: a new cookie value, and the provider's authorization address for it; or
   * `unavailable` when the provider cannot be discovered.
   */
  async start(): Promise<{ cookie: string; location: string } | { failure: 'unavailable' }> {
    const settings = this.configured();
    let config: oidc.Configuration;
    try {
      config = await this.configuration(settings);
    } catch {
      return { failure: 'unavailable' };
    }
    const flow = flowOf(`${randomBytes(32).toString('base64url')}.${this.clock.now()}`);
    if (!flow) throw new Error('A new single sign-on cookie did not parse');
    const location = oidc.buildAuthorizationUrl(config, {
      redirect_uri: settings.redirectUri,
      response_type: 'code',
      scope: SCOPE,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    return { cookie: flow.cookie, location: location.href };
  }

  /**
   * Finishes a sign-in the provider sent back: the cookie must be this browser's, in time, and
   * match `state`; the code is redeemed (once: the provider refuses it again) with the PKCE
   * verifier, and the ID token's nonce checked; then its verified email is matched.
   */
  async finish(
    cookie: string | undefined,
    search: string,
    client: { device: string; address: string },
  ): Promise<SingleSignOnOutcome> {
    const settings = this.configured();
    const query = new URLSearchParams(search);
    const flow = cookie === undefined ? null : flowOf(cookie);
    const madeAt = Number(flow?.cookie.split('.')[1]);
    const now = this.clock.now();
    const state = query.get('state') ?? '';
    if (
      !flow ||
      !(madeAt <= now + CLOCK_SKEW_MS && now - madeAt < SINGLE_SIGN_ON_TTL_MS) ||
      !sameText(state, flow.state)
    )
      return { failure: 'expired' };
    if (query.has('error')) {
      // The provider's error code (access_denied, …), not its description: short and never secret.
      this.logger.warn(
        `single sign-on refused by the provider: ${(query.get('error') ?? '').slice(0, 64)}`,
      );
      return { failure: 'provider_refused' };
    }
    let claims: oidc.IDToken | undefined;
    try {
      const config = await this.configuration(settings);
      const tokens = await oidc.authorizationCodeGrant(
        config,
        new URL(`${settings.redirectUri}?${query.toString()}`),
        {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        },
      );
      claims = tokens.claims();
    } catch (error) {
      const failure = failureOf(error);
      this.logger.warn(`single sign-on failed (${failure}): ${describe(error)}`);
      return { failure };
    }
    if (!claims) return { failure: 'provider_refused' };
    const email = typeof claims['email'] === 'string' ? claims['email'] : '';
    // An address people here could not have (the contract's Email) is no better than none.
    if (claims['email_verified'] !== true || !Email.safeParse(email).success)
      return { failure: 'email_not_verified' };
    const name = typeof claims['name'] === 'string' ? claims['name'] : '';
    return this.signIn(settings, email, name, client, now);
  }

  /**
   * The person of a verified email, in one transaction with their session, always of the
   * configured account (`OIDC_ACCOUNT_ID`): an active person of it signs in; an open invitation to
   * it is taken as accepting it would (no password); an allowed domain makes a person of it. Two
   * sign-ins of one new email at once make one person: the second meets the first's and signs in.
   */
  private async signIn(
    settings: Settings,
    email: string,
    claimedName: string,
    client: { device: string; address: string },
    now: number,
  ): Promise<SingleSignOnOutcome> {
    for (let attempt = 1; ; attempt++) {
      try {
        const outcome = await this.writer.transaction(
          async (tx): Promise<{ failure: SingleSignOnFailure } | { id: string }> => {
            const person = await this.personFor(tx, settings, email, claimedName, now);
            if (typeof person === 'string') return { failure: person };
            if (person.deactivatedAt !== null) return { failure: 'deactivated' };
            return { id: await this.sessions.startIn(tx, person, client, now) };
          },
        );
        return 'id' in outcome
          ? { session: { id: outcome.id, maxAgeSeconds: this.sessions.maxAgeSeconds } }
          : outcome;
      } catch (error) {
        if (attempt < 3 && (error instanceof TakenMeanwhile || isUniqueViolation(error))) continue;
        throw error;
      }
    }
  }

  /** The person the email is, or joins as; or why there is none. */
  private async personFor(
    tx: WriteTx,
    settings: Settings,
    email: string,
    claimedName: string,
    now: number,
  ): Promise<PersonRecord | SingleSignOnFailure> {
    const existing = await this.people.withEmail(tx, email);
    // Only people of single sign-on's account: a partner's person with a company email is not
    // the company's to sign in (nor anyone's to take over with it).
    if (existing) return existing.accountId === settings.accountId ? existing : 'other_account';
    const name = nameOf(claimedName, email);
    const invitation = await this.links.openInvitationTo(
      tx,
      emailKey(email),
      now,
      settings.accountId,
    );
    if (invitation) {
      // One use: a second taker waits here, then finds it used (and runs again).
      await tx.lockRow('person_links', invitation.id);
      const person = await this.join(tx, invitation.accountId, invitation.email, name, now);
      if (!(await this.links.use(tx, invitation.id, now, person.id))) throw new TakenMeanwhile();
      return person;
    }
    // An invitation to another account is left for its person to accept with a password.
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    if (!settings.allowedDomains.includes(domain))
      return (await this.links.openInvitation(tx, emailKey(email), now)) === null
        ? 'domain_not_allowed'
        : 'other_account';
    return this.join(tx, settings.accountId, email, name, now);
  }

  /** A new person of an account, with no password (they sign in with the provider), as joined. */
  private async join(
    tx: WriteTx,
    accountId: number,
    email: string,
    name: string,
    now: number,
  ): Promise<PersonRecord> {
    const person = await this.people.insert(tx, {
      accountId,
      email,
      name,
      passwordHash: null,
      createdAt: now,
    });
    await this.audit.record(tx, now, {
      actor: { accountId, personId: person.id },
      action: 'person.joined',
      target: { type: 'person', id: person.id },
      changes: { accountId: [null, accountId], email: [null, email], name: [null, name] },
    });
    return person;
  }

  private configured(): Settings {
    if (!this.settings) throw ApiException.of(PROBLEMS.singleSignOnNotConfigured);
    return this.settings;
  }

  /** The provider's configuration, discovered once; after a failure, again next time. */
  private configuration(settings: Settings): Promise<oidc.Configuration> {
    this.discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        { client_secret: settings.clientSecret },
        oidc.ClientSecretBasic(settings.clientSecret),
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // Plain http only reaches a provider on this machine outside production (the config's rule).
          // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only to stand out; the config allows it for loopback issuers.
          ...(settings.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      )
      .catch((error: unknown) => {
        this.discovered = undefined;
        this.logger.warn(
          `single sign-on: the provider could not be discovered: ${describe(error)}`,
        );
        throw error;
      });
    return this.discovered;
  }
}

/**
 * The name a new person gets: the provider's, cut to the longest a name may be, when it is one a
 * person could choose here (PersonName); else the email's part before `@`.
 */
function nameOf(claimed: string, email: string): string {
  const parsed = PersonName.safeParse(Array.from(claimed.trim()).slice(0, NAME_MAX).join(''));
  return parsed.success ? parsed.data : email.slice(0, email.lastIndexOf('@'));
}

/** A failure to reach the provider is `unavailable`; a refusal or a failed check is the provider's. */
function failureOf(error: unknown): SingleSignOnFailure {
  if (error instanceof oidc.ResponseBodyError)
    return error.status >= 500 ? 'unavailable' : 'provider_refused';
  if (error instanceof oidc.ClientError && error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM')
    return 'unavailable';
  if (error instanceof Error && ['TimeoutError', 'AbortError'].includes(error.name))
    return 'unavailable';
  if (error instanceof TypeError && error.message === 'fetch failed') return 'unavailable';
  return 'provider_refused';
}

/** What the log says of a failure: its kind and the library's words, never a token or code. */
function describe(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError)
    return `${error.name} ${error.error} (${error.status})`;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}`;
  }
  return String(error);
}
