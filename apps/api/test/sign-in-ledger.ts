/**
 * The ledger of the sign-in fault tests: what people sent with passkeys and single sign-on while the
 * API was killed (passkeys added and removed, sign-ins with a passkey, a password removed, people
 * made by single sign-on from an allowed domain or an invitation), and what they were answered.
 * {@link SignInLedger.check} compares it with what a restarted API holds: every acknowledged write
 * there exactly once, every unanswered one whole or not at all.
 *
 * The open routes (passkey sign-in, single sign-on) count against the client's address at the Free
 * numbers: run the API with `TRUST_PROXY=127.0.0.1`, and each such request comes from an address of
 * its own (`X-Forwarded-For`). The API's `PUBLIC_URL` is {@link PUBLIC_URL}: the relying party's
 * host name for passkeys, the Origin of the people's pages, and the provider's redirect address.
 */
import type { AuditEvent, CurrentSession, Passkey, Person } from '@pets/contract';
import { SESSION_COOKIE, SINGLE_SIGN_ON_COOKIE } from '@pets/contract';
import { type OidcProviderServer, SoftAuthenticator } from '@pets/services';
import { expect } from 'vitest';
import { actorIs, checkSignIns } from './people-ledger.js';
import { nextOf } from './requests.js';

/** The API's address for people: a host name for the passkeys' relying party (RP ID `localhost`). */
export const PUBLIC_URL = 'http://localhost';
/** What the provider sends the browser back to. */
export const SSO_CALLBACK = `${PUBLIC_URL}/v1/session/oidc/callback`;

/** A write answered with its success, or never answered (the process died). */
type Outcome = 'acknowledged' | 'unanswered';

/** A request's answer, or `undefined` when none came. */
interface Answer {
  status: number;
  text: string;
  location: string | null;
  /** The next page's address (`Link`), as a path of the API. */
  next?: string;
  /** The cookies it set, by name (a cleared one as `''`). */
  cookies: Map<string, string>;
}

/** What a request carries: a JSON body, and a session cookie or a key (else it is anonymous). */
interface SendOptions {
  body?: unknown;
  /** A `Cookie` header: a session's (then the request is the person's), or the sign-in's. */
  cookie?: string;
  key?: string;
}

/** A passkey the ledger's person made and tried to add, and what became of it. */
export interface LedgerPasskey {
  readonly name: string;
  readonly credentialId: string;
  added: Outcome;
  /** Its id, from the acknowledged `201`. */
  id?: number;
  removed?: Outcome;
  /** The counter of the last sign-in acknowledged with it (0 before any). */
  counter: number;
  /** The highest counter it sent, answered or not. */
  sent: number;
  /** Sign-ins with it acknowledged, and unanswered. */
  signIns: number;
  maybeSignIns: number;
  /** Whether the restarted API lists it (read by the check). */
  there?: boolean;
}

/** A person of the ledger, and what the answers say of them. */
export interface LedgerPerson {
  readonly email: string;
  readonly name: string;
  readonly accountId: number;
  /** How they joined: accepting an invitation (with a password), or single sign-on. */
  readonly via: 'invitation' | 'sso-domain' | 'sso-invitation';
  /** Whether their joining was answered (single sign-on's joins may be caught by the fault). */
  joined: Outcome;
  /** The provider's login, for those who sign in with single sign-on. */
  readonly login?: string;
  /** Their invitation's token: used once they joined. */
  token?: string;
  /** 0 until read (after the restart, for those made by single sign-on during the fault). */
  id: number;
  /** Their password (`null` for those of single sign-on); kept once removed, to be refused. */
  password: string | null;
  /** A password removal answered, or caught by the fault. */
  passwordRemoved?: Outcome;
  readonly authenticator: SoftAuthenticator;
  readonly passkeys: LedgerPasskey[];
  /** Session cookies that must work (`name=value`). */
  readonly live: string[];
  /** Sessions started with an acknowledged answer, and unanswered. */
  signedIn: number;
  maybeSignedIn: number;
}

/** The writes whose requests the ledger follows while on their way. */
export type InFlight = 'signIn' | 'add' | 'remove' | 'sso';

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

const cookiesOf = (response: Response): Map<string, string> =>
  new Map(
    response.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
const tokenOf = (link: string) => link.split('#')[1] ?? '';

export class SignInLedger {
  /** Answers other than the one due: none are expected. */
  readonly unexpected: string[] = [];
  readonly people: LedgerPerson[] = [];
  private addresses = 0;
  private passwords = 0;
  private keys = 0;
  private readonly sending: Record<InFlight, number> = { signIn: 0, add: 0, remove: 0, sso: 0 };

  constructor(
    private readonly baseUrl: () => string,
    /** A staff key: invites, and reads people and the audit trail. */
    private readonly staffKey: string,
    private readonly provider: OidcProviderServer,
  ) {}

  /** How many of each write were acknowledged so far. */
  get counts() {
    const passkeys = this.people.flatMap((person) => person.passkeys);
    return {
      passkeySignIns: passkeys.reduce((sum, passkey) => sum + passkey.signIns, 0),
      added: passkeys.filter((passkey) => passkey.added === 'acknowledged').length,
      removed: passkeys.filter((passkey) => passkey.removed === 'acknowledged').length,
      ssoJoined: this.people.filter((p) => p.via !== 'invitation' && p.joined === 'acknowledged')
        .length,
    };
  }

  /** Whether a request of this kind is on its way (sent, no answer yet). */
  inFlight(kind: InFlight): boolean {
    return this.sending[kind] > 0;
  }

  private newPassword(): string {
    return `sign-in ledger password ${this.passwords++}`;
  }

  private async sendAs(
    kind: InFlight,
    method: string,
    path: string,
    options: SendOptions,
    anonymous = false,
  ): Promise<Answer | undefined> {
    this.sending[kind]++;
    try {
      return await this.send(method, path, options, anonymous);
    } finally {
      this.sending[kind]--;
    }
  }

  /**
   * One request as the people's browser sends it: with its Origin (the API's own pages) and no
   * redirect followed; anonymous ones (no cookie of a session, no key) from an address of their own.
   */
  private async send(
    method: string,
    path: string,
    options: SendOptions = {},
    anonymous = options.cookie === undefined && options.key === undefined,
  ): Promise<Answer | undefined> {
    const headers: Record<string, string> = { origin: PUBLIC_URL };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.key !== undefined) headers['authorization'] = `Bearer ${options.key}`;
    if (options.cookie !== undefined) headers['cookie'] = options.cookie;
    if (anonymous) {
      const n = ++this.addresses;
      headers['x-forwarded-for'] = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    }
    try {
      const response = await fetch(
        `${this.baseUrl()}${path.startsWith('/v1') ? '' : '/v1'}${path}`,
        {
          method,
          headers,
          redirect: 'manual',
          ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
          signal: AbortSignal.timeout(15_000),
        },
      );
      const text = await response.text();
      // A list's `Link` names PUBLIC_URL: the next page is read from the API's own address.
      const next = nextOf(response.headers.get('link'));
      return {
        status: response.status,
        text,
        location: response.headers.get('location'),
        cookies: cookiesOf(response),
        ...(next === undefined ? {} : { next: `${next.pathname}${next.search}` }),
      };
    } catch {
      return undefined;
    }
  }

  /** The session cookie an answer set, as a `Cookie` header sends it; `undefined` if none. */
  private static session(answer: Answer): string | undefined {
    const value = answer.cookies.get(SESSION_COOKIE);
    return value ? `${SESSION_COOKIE}=${value}` : undefined;
  }

  /** Records an answer other than the one due; says whether it was the one due. */
  private expectStatus(what: string, answer: Answer, status: number, startsSession = false) {
    if (answer.status === status && (!startsSession || SignInLedger.session(answer) !== undefined))
      return true;
    this.unexpected.push(`${what}: ${answer.status} ${answer.text}`);
    return false;
  }

  /** Before any fault: an answer that must be the one due. */
  private async sure(
    what: string,
    status: number,
    method: string,
    path: string,
    options: SendOptions = {},
  ): Promise<Answer> {
    const answer = await this.send(method, path, options);
    if (answer?.status !== status)
      throw new Error(`${what}: ${answer ? `${answer.status} ${answer.text}` : 'no answer'}`);
    return answer;
  }

  private newPerson(person: Omit<LedgerPerson, 'authenticator' | 'passkeys' | 'live'>) {
    const record: LedgerPerson = {
      ...person,
      authenticator: new SoftAuthenticator(PUBLIC_URL),
      passkeys: [],
      live: [],
    };
    this.people.push(record);
    return record;
  }

  /** Staff invite a person to an account: the link's token. Before any fault. */
  async invite(accountId: number, email: string): Promise<string> {
    const invited = await this.sure(
      `invitation of ${email}`,
      201,
      'POST',
      `/admin/accounts/${accountId}/invitations`,
      { key: this.staffKey, body: { email } },
    );
    return tokenOf((JSON.parse(invited.text) as { link: string }).link);
  }

  /**
   * Staff invite, the person accepts with a password: signed in once. Before any fault. Not an
   * email of single sign-on's domain, whose people never have a password.
   */
  async join(accountId: number, label: string): Promise<LedgerPerson> {
    const email = `${label}@people.example`;
    const token = await this.invite(accountId, email);
    const password = this.newPassword();
    const accepted = await this.sure(`accepting ${email}`, 204, 'POST', '/invitations/accept', {
      body: { token, name: label, password },
    });
    const cookie = SignInLedger.session(accepted) ?? '';
    const me = await this.sure(`GET /session of ${email}`, 200, 'GET', '/session', { cookie });
    const person = this.newPerson({
      email,
      name: label,
      accountId,
      via: 'invitation',
      joined: 'acknowledged',
      token,
      id: (JSON.parse(me.text) as CurrentSession).person.id,
      password,
      signedIn: 1,
      maybeSignedIn: 0,
    });
    person.live.push(cookie);
    return person;
  }

  /**
   * The person adds a passkey their authenticator makes (options, then the credential): `true` when
   * acknowledged, `false` when the answer never came or was not the one due.
   */
  async addPasskey(person: LedgerPerson, name = `Key ${this.keys++}`): Promise<boolean> {
    const cookie = person.live[0] ?? '';
    const options = await this.send('POST', '/session/passkeys/options', { cookie });
    if (!options) return false;
    if (!this.expectStatus(`passkey options of ${person.email}`, options, 200)) return false;
    const credential = person.authenticator.create(JSON.parse(options.text) as Options);
    const passkey: LedgerPasskey = {
      name,
      credentialId: credential.id,
      added: 'unanswered',
      counter: 0,
      sent: 0,
      signIns: 0,
      maybeSignIns: 0,
    };
    person.passkeys.push(passkey);
    const added = await this.sendAs('add', 'POST', '/session/passkeys', {
      cookie,
      body: { name, credential },
    });
    if (!added) return false;
    if (!this.expectStatus(`adding ${name} of ${person.email}`, added, 201)) return false;
    const view = JSON.parse(added.text) as Passkey;
    passkey.added = 'acknowledged';
    passkey.id = view.id;
    if (view.name !== name || view.lastUsedAt !== null)
      this.unexpected.push(`${name} added as ${added.text}`);
    return true;
  }

  /** The person removes one of their passkeys: `true` when acknowledged. */
  async removePasskey(person: LedgerPerson, passkey: LedgerPasskey): Promise<boolean> {
    passkey.removed = 'unanswered';
    const answer = await this.sendAs('remove', 'DELETE', `/session/passkeys/${passkey.id}`, {
      cookie: person.live[0] ?? '',
    });
    if (!answer) return false;
    if (!this.expectStatus(`removing ${passkey.name}`, answer, 204)) return false;
    passkey.removed = 'acknowledged';
    return true;
  }

  /** The person removes their password (they have a passkey): `true` when acknowledged. */
  async removePassword(person: LedgerPerson): Promise<boolean> {
    person.passwordRemoved = 'unanswered';
    const answer = await this.send('POST', '/session/password/remove', {
      cookie: person.live[0] ?? '',
      body: { currentPassword: person.password },
    });
    if (!answer) return false;
    if (!this.expectStatus(`password removal of ${person.email}`, answer, 204)) return false;
    person.passwordRemoved = 'acknowledged';
    return true;
  }

  /**
   * Signs in with the passkey, its counter one past the last sent: the session cookie when
   * acknowledged, `undefined` when the answer never came (or was not the one due).
   */
  async signInWith(person: LedgerPerson, passkey: LedgerPasskey): Promise<string | undefined> {
    const options = await this.send('POST', '/session/passkey/options');
    if (!options) return undefined;
    if (!this.expectStatus('passkey sign-in options', options, 200)) return undefined;
    const counter = ++passkey.sent;
    const credential = person.authenticator.get(JSON.parse(options.text) as Options, {
      credentialId: passkey.credentialId,
      counter,
    });
    const answer = await this.sendAs('signIn', 'POST', '/session/passkey', {
      body: { credential },
    });
    if (!answer) {
      passkey.maybeSignIns++;
      person.maybeSignedIn++;
      return undefined;
    }
    if (!this.expectStatus(`signing in with ${passkey.name}`, answer, 204, true)) return undefined;
    const cookie = SignInLedger.session(answer) ?? '';
    passkey.counter = counter;
    passkey.signIns++;
    person.signedIn++;
    person.live.push(cookie);
    return cookie;
  }

  /**
   * Through the provider as a browser: the start (a `303` with the sign-in cookie), the provider's
   * sign-in as `login`, and the callback with the cookie. The callback's answer, `undefined` when
   * none came (nor the start's: then nothing was written).
   */
  private async singleSignOn(
    login: string,
    onCallback: () => void = () => undefined,
  ): Promise<Answer | undefined> {
    const started = await this.send('GET', '/session/oidc');
    if (!started) return undefined;
    if (!this.expectStatus(`single sign-on start of ${login}`, started, 303)) return undefined;
    const sso = started.cookies.get(SINGLE_SIGN_ON_COOKIE) ?? '';
    const back = new URL(await this.provider.authorize(started.location ?? '', login));
    onCallback();
    return this.sendAs(
      'sso',
      'GET',
      `${back.pathname}${back.search}`,
      { cookie: `${SINGLE_SIGN_ON_COOKIE}=${sso}` },
      true,
    );
  }

  /** A single sign-on that lands signed in: the session cookie, or `undefined` (recorded). */
  private signedInBy(login: string, answer: Answer): string | undefined {
    if (!this.expectStatus(`single sign-on of ${login}`, answer, 303, true)) return undefined;
    if (answer.location !== `${PUBLIC_URL}/admin/`)
      this.unexpected.push(`single sign-on of ${login} sent to ${answer.location}`);
    return SignInLedger.session(answer);
  }

  /**
   * A new person by single sign-on: of an allowed domain (they join the configured account), or
   * invited (with the token: they join the invitation's account). The person; joined acknowledged
   * or not.
   */
  async joinBySingleSignOn(
    login: string,
    claims: { email: string; name: string },
    accountId: number,
    token?: string,
  ): Promise<LedgerPerson | undefined> {
    this.provider.users.set(login, { ...claims, email_verified: true });
    let person: LedgerPerson | undefined;
    const answer = await this.singleSignOn(login, () => {
      person = this.newPerson({
        email: claims.email,
        name: claims.name,
        accountId,
        via: token === undefined ? 'sso-domain' : 'sso-invitation',
        joined: 'unanswered',
        login,
        ...(token === undefined ? {} : { token }),
        id: 0,
        password: null,
        signedIn: 0,
        maybeSignedIn: 1,
      });
    });
    if (!person || !answer) return person;
    const cookie = this.signedInBy(login, answer);
    if (cookie === undefined) return person;
    person.joined = 'acknowledged';
    person.maybeSignedIn = 0;
    person.signedIn = 1;
    person.live.push(cookie);
    return person;
  }

  // The streams of the fault: each one request at a time, until told to stop or left unanswered.

  /** Signs in with the passkey again and again. */
  async passkeySignIns(person: LedgerPerson, passkey: LedgerPasskey, stop: () => boolean) {
    while (!stop()) if ((await this.signInWith(person, passkey)) === undefined) return;
  }

  /** Adds passkeys one after another, removing the oldest of them past `keep`. */
  async passkeyChanges(person: LedgerPerson, stop: () => boolean, keep = 3) {
    const mine: LedgerPasskey[] = [];
    while (!stop()) {
      const added = await this.addPasskey(person);
      const passkey = person.passkeys.at(-1);
      if (!added || !passkey) return;
      mine.push(passkey);
      if (mine.length > keep && !(await this.removePasskey(person, mine.shift() ?? passkey)))
        return;
    }
  }

  /** New people of an allowed domain by single sign-on, one after another. */
  async singleSignOnJoins(domain: string, accountId: number, stop: () => boolean) {
    for (let n = 0; !stop(); n++) {
      const person = await this.joinBySingleSignOn(
        `joiner-${n}`,
        { email: `joiner-${n}@${domain}`, name: `Joiner ${n}` },
        accountId,
      );
      if (person?.joined !== 'acknowledged') return;
    }
  }

  // After the restart.

  /** Every event about one kind of target, oldest first, following `Link`. */
  private async audit(targetType: string): Promise<AuditEvent[]> {
    return (await this.readAll<AuditEvent>(`/admin/audit?targetType=${targetType}&limit=100`, {}))
      .slice()
      .reverse();
  }

  /** Every page of a list, with the staff key or a person's session. */
  private async readAll<T>(first: string, options: SendOptions): Promise<T[]> {
    const items: T[] = [];
    let path: string | undefined = first;
    while (path !== undefined) {
      const answer = await this.statusOf('GET', path, {
        ...(options.cookie === undefined ? { key: this.staffKey } : {}),
        ...options,
      });
      expect(answer.status, `${path}: ${answer.text}`).toBe(200);
      items.push(...(JSON.parse(answer.text) as T[]));
      path = answer.next;
    }
    return items;
  }

  private async statusOf(method: string, path: string, options: SendOptions = {}) {
    const answer = await this.send(method, path, options);
    if (!answer) throw new Error(`${method} ${path}: no answer from the restarted API`);
    return answer;
  }

  /** A passkey sign-in after the restart with this counter: its status, and its session cookie. */
  private async signInAgain(person: LedgerPerson, passkey: LedgerPasskey, counter: number) {
    const options = await this.statusOf('POST', '/session/passkey/options');
    expect(options.status).toBe(200);
    const credential = person.authenticator.get(JSON.parse(options.text) as Options, {
      credentialId: passkey.credentialId,
      counter,
    });
    const answer = await this.statusOf('POST', '/session/passkey', { body: { credential } });
    return { status: answer.status, cookie: SignInLedger.session(answer) };
  }

  /** Who a session cookie is, as `GET /session` answers. */
  private async whoIs(cookie: string): Promise<{ status: number; session?: CurrentSession }> {
    const answer = await this.statusOf('GET', '/session', { cookie });
    return answer.status === 200
      ? { status: 200, session: JSON.parse(answer.text) as CurrentSession }
      : { status: answer.status };
  }

  /**
   * Against a restarted API, what the answers say, exactly (what was read before anything here
   * writes):
   * - every person whose joining was acknowledged is there once, with one `person.joined`; one made
   *   by a single sign-on whose answer never came is there once with its event and its session, or
   *   not at all; nobody else is there;
   * - every session acknowledged works (`GET /session`: the person, with or without a password as
   *   the answers say), each recorded by one `person.signed_in`, and no more of them than sign-ins
   *   acknowledged and unanswered;
   * - each person's passkeys are listed once each with their names: every one added with an
   *   acknowledged answer and not removed, none removed with one, each unanswered one there or
   *   not; one `passkey.added` for each passkey ever stored, one `passkey.removed` for each gone;
   *   one used to sign in has its `lastUsedAt`, one never used none;
   * - a password removed: one `person.password_removed`, `hasPassword: false`;
   * then, writing: a passkey gone is refused at sign-in, a passkey there signs in again with the
   * authenticator's next counter but not with the counter of its last acknowledged sign-in (the
   * counter was kept); the removed password is refused; single sign-on again is the same person;
   * an invitation taken by single sign-on is used.
   */
  async check(accountIds: readonly number[]): Promise<void> {
    expect(this.unexpected).toEqual([]);
    const [byPerson, bySession, byPasskey, byAccount] = await Promise.all([
      this.audit('person'),
      this.audit('session'),
      this.audit('passkey'),
      this.audit('account'),
    ]);
    const storedPeople = async () =>
      (
        await Promise.all(
          accountIds.map((id) =>
            this.readAll<Person>(`/admin/accounts/${id}/people?limit=100`, {}),
          ),
        )
      ).flat();
    const stored = await storedPeople();
    const byEmail = (email: string) =>
      stored.filter((person) => person.email === email.toLowerCase());

    // People: who is there, once, with one event of joining.
    expect(
      stored.filter((p) => !this.people.some((l) => l.email.toLowerCase() === p.email)),
      'people nobody made',
    ).toEqual([]);
    const joinedEvents = byPerson.filter((event) => event.action === 'person.joined');
    expect(joinedEvents.length, 'person.joined events').toBe(stored.length);
    for (const person of this.people) {
      const found = byEmail(person.email);
      const what = `${person.email} (${person.via}, ${person.joined})`;
      if (person.joined === 'acknowledged') expect(found.length, `people with ${what}`).toBe(1);
      else expect(found.length, `people with ${what}`).toBeLessThanOrEqual(1);
      const [there] = found;
      if (person.id !== 0) expect(there?.id, what).toBe(person.id);
      if (!there) continue;
      person.id = there.id;
      expect(there, what).toMatchObject({ accountId: person.accountId, name: person.name });
      expect(
        joinedEvents.filter((event) => event.target.id === there.id).length,
        `person.joined of ${what}`,
      ).toBe(1);
      // A join by single sign-on whose answer never came but happened: with its session.
      if (person.joined === 'unanswered') {
        person.signedIn = 1;
        person.maybeSignedIn = 0;
      }
    }
    // Invitations: one event each.
    const invited = byAccount.filter((event) => event.action === 'person.invited');
    for (const person of this.people.filter((p) => p.token !== undefined))
      expect(
        invited.filter((event) => event.changes['email']?.[1] === person.email).length,
        `person.invited for ${person.email}`,
      ).toBe(1);

    for (const person of this.people) {
      if (person.id === 0) {
        // Never made: nothing of them anywhere.
        expect(person.joined, `${person.email} is missing`).toBe('unanswered');
        continue;
      }
      const events = (action: string) =>
        byPerson.filter((event) => event.action === action && event.target.id === person.id);

      // Sessions.
      const sessionIds = checkSignIns(bySession, person);
      const hasPassword = person.password !== null && person.passwordRemoved !== 'acknowledged';
      for (const cookie of person.live) {
        const who = await this.whoIs(cookie);
        expect(who.status, `a live session of ${person.email}`).toBe(200);
        expect(who.session?.person.id, `a live session of ${person.email}`).toBe(person.id);
        if (person.passwordRemoved !== 'unanswered')
          expect(who.session?.hasPassword, `hasPassword of ${person.email}`).toBe(hasPassword);
      }
      if (person.live[0] !== undefined) {
        const listed = await this.readAll<{ id: number }>('/sessions?limit=100', {
          cookie: person.live[0],
        });
        expect(
          listed.map((session) => session.id).filter((id) => !sessionIds.includes(id)),
          `sessions of ${person.email} without a sign-in`,
        ).toEqual([]);
      }

      // The password.
      const removedEvents = events('person.password_removed').length;
      if (person.passwordRemoved === 'acknowledged')
        expect(removedEvents, `person.password_removed of ${person.email}`).toBe(1);
      else if (person.passwordRemoved === 'unanswered')
        expect(removedEvents, `person.password_removed of ${person.email}`).toBeLessThanOrEqual(1);
      else expect(removedEvents, `person.password_removed of ${person.email}`).toBe(0);

      // Passkeys.
      if (person.passkeys.length === 0) continue;
      const listed = await this.readAll<Passkey>('/session/passkeys?limit=100', {
        cookie: person.live[0] ?? '',
      });
      const added = byPasskey.filter(
        (event) => event.action === 'passkey.added' && actorIs(event, person.id),
      );
      const removed = byPasskey.filter(
        (event) => event.action === 'passkey.removed' && actorIs(event, person.id),
      );
      expect(
        listed.filter((view) => !person.passkeys.some((p) => p.name === view.name)),
        `passkeys of ${person.email} nobody added`,
      ).toEqual([]);
      expect(
        added.filter(
          (event) => !person.passkeys.some((p) => p.name === event.changes['name']?.[1]),
        ),
        `passkey.added of ${person.email} for passkeys nobody added`,
      ).toEqual([]);
      for (const passkey of person.passkeys) {
        const what = `${passkey.name} of ${person.email} (added ${passkey.added}, removed ${passkey.removed ?? 'never'})`;
        const views = listed.filter((view) => view.name === passkey.name);
        const addedOf = added.filter((event) => event.changes['name']?.[1] === passkey.name);
        expect(views.length, `listings of ${what}`).toBeLessThanOrEqual(1);
        expect(addedOf.length, `passkey.added of ${what}`).toBeLessThanOrEqual(1);
        if (passkey.added === 'acknowledged') {
          expect(addedOf[0]?.target.id, `passkey.added of ${what}`).toBe(passkey.id);
          if (passkey.removed === undefined) expect(views[0]?.id, what).toBe(passkey.id);
          if (passkey.removed === 'acknowledged') expect(views, what).toEqual([]);
        } else {
          // Unanswered: added whole (listed, with its event) or not at all.
          expect(addedOf.length, `passkey.added of ${what}`).toBe(views.length);
          if (views[0]) expect(addedOf[0]?.target.id, what).toBe(views[0].id);
          passkey.id = views[0]?.id ?? addedOf[0]?.target.id;
        }
        const gone = views.length === 0 && addedOf.length === 1;
        const removedOf = removed.filter((event) => event.target.id === passkey.id);
        expect(removedOf.length, `passkey.removed of ${what}`).toBe(gone ? 1 : 0);
        if (passkey.removed === undefined || passkey.removed === 'acknowledged')
          expect(gone, `${what} gone`).toBe(passkey.removed === 'acknowledged');
        const [view] = views;
        if (view && passkey.signIns > 0)
          expect(view.lastUsedAt, `lastUsedAt of ${what}`).not.toBeNull();
        if (view && passkey.signIns + passkey.maybeSignIns === 0)
          expect(view.lastUsedAt, `lastUsedAt of ${what}`).toBeNull();
        passkey.there = view !== undefined;
      }
    }

    // Writing now: sign-ins with each passkey, the passwords, single sign-on again, links.
    for (const person of this.people.filter((p) => p.id !== 0)) {
      for (const passkey of person.passkeys) {
        const what = `${passkey.name} of ${person.email}`;
        if (passkey.there !== true) {
          expect((await this.signInAgain(person, passkey, passkey.sent + 1)).status, what).toBe(
            401,
          );
          continue;
        }
        if (passkey.counter > 0)
          expect(
            (await this.signInAgain(person, passkey, passkey.counter)).status,
            `${what} with the counter of its last sign-in`,
          ).toBe(401);
        const again = await this.signInAgain(person, passkey, passkey.sent + 1);
        expect(again.status, `${what} signs in after the restart`).toBe(204);
        expect((await this.whoIs(again.cookie ?? '')).session?.person.id, what).toBe(person.id);
      }
      if (person.passwordRemoved === 'acknowledged' && person.password !== null) {
        const signIn = await this.statusOf('POST', '/session', {
          body: { email: person.email, password: person.password },
        });
        expect(signIn.status, `the password ${person.email} removed`).toBe(401);
      }
      if (person.login !== undefined) {
        const answer = await this.singleSignOn(person.login);
        expect(answer?.status, `single sign-on of ${person.email} again`).toBe(303);
        const cookie = answer === undefined ? undefined : this.signedInBy(person.login, answer);
        const who = await this.whoIs(cookie ?? '');
        expect(who.session?.person.id, `single sign-on of ${person.email} again`).toBe(person.id);
        expect(who.session?.hasPassword, `hasPassword of ${person.email}`).toBe(false);
      }
      if (person.token !== undefined) {
        const accept = await this.statusOf('POST', '/invitations/accept', {
          body: { token: person.token, name: 'Again', password: this.newPassword() },
        });
        expect(accept.status, `the invitation of ${person.email}, used`).toBe(400);
      }
    }
    expect(this.unexpected).toEqual([]);
    // Nobody made twice by signing in again.
    expect((await storedPeople()).map((p) => p.id).sort()).toEqual(stored.map((p) => p.id).sort());
  }
}
