/**
 * What people and staff sent during a fault, and what they were answered: sign-ins, invitations
 * made and accepted, password changes and password resets through a link, each stream one request
 * at a time. {@link PeopleLedger.check} compares it with what a restarted API holds.
 *
 * The open routes (sign-in, accepting a link) count against the client's address at the Free
 * numbers: run the API with `TRUST_PROXY=127.0.0.1`, and each such request comes from an address of
 * its own (`X-Forwarded-For`).
 */
import type { AuditEvent, Person } from '@pets/contract';
import { expect } from 'vitest';
import { bearer, fetchAll } from './requests.js';

/** Whether person `id` did what `event` records. */
export const actorIs = (event: AuditEvent, id: number) =>
  typeof event.actor === 'object' && 'personId' in event.actor && event.actor.personId === id;

/**
 * The sessions a person's `person.signed_in` events name, checked against the ledger: each recorded
 * once, at least one for each acknowledged sign-in, at most one more for each unanswered one.
 */
export function checkSignIns(
  bySession: readonly AuditEvent[],
  person: { id: number; email: string; signedIn: number; maybeSignedIn: number },
): number[] {
  const sessionIds = bySession
    .filter((event) => event.action === 'person.signed_in' && actorIs(event, person.id))
    .map((event) => event.target.id);
  expect(new Set(sessionIds).size, `sessions of ${person.email} recorded twice`).toBe(
    sessionIds.length,
  );
  expect(sessionIds.length, `sign-ins of ${person.email}`).toBeGreaterThanOrEqual(person.signedIn);
  expect(sessionIds.length, `sign-ins of ${person.email}`).toBeLessThanOrEqual(
    person.signedIn + person.maybeSignedIn,
  );
  return sessionIds;
}

/** A request's answer, or `undefined` when none came (the process died, or never listened). */
interface Answer {
  status: number;
  text: string;
  /** The session cookie it set, as a `Cookie` header sends it. */
  cookie?: string;
}

/** A password change or reset whose answer never came: it happened whole, or not at all. */
interface UncertainPassword {
  readonly via: 'change' | 'reset';
  /** The password it sets. */
  readonly to: string;
  /** The sessions it ends if it happened (and that still work if it did not). */
  readonly ends: readonly string[];
  /** A reset's link: used if it happened, still good if not. */
  readonly token?: string;
}

/** A person of the ledger's account, and what their answers say of them. */
export interface LedgerPerson {
  readonly email: string;
  /** 0 until read: the kill may come between joining's answer and `GET /session`. */
  id: number;
  /** Their password as the answers say. */
  password: string;
  /** Passwords they had before an acknowledged change or reset: each must be refused. */
  readonly oldPasswords: string[];
  /** Session cookies that must work. */
  readonly live: string[];
  /** Session cookies that must be refused (ended by an acknowledged change or reset). */
  readonly ended: string[];
  /** Sessions started with an acknowledged answer (sign-in, joining, a reset), and unanswered. */
  signedIn: number;
  maybeSignedIn: number;
  /** Acknowledged password changes and resets. */
  changes: number;
  resets: number;
  /** Reset links used with an acknowledged answer: a second use must be refused. */
  readonly usedTokens: string[];
  uncertain?: UncertainPassword;
}

/** An invitation the ledger made (or tried to), and what became of it. */
interface LedgerInvitation {
  readonly email: string;
  readonly invite: 'acknowledged' | 'unanswered';
  readonly token?: string;
  /** Whether it was made by a person signed in (else by staff, with a key). */
  readonly byPerson: boolean;
  accept?: { answer: 'acknowledged' | 'unanswered'; password: string; person?: LedgerPerson };
}

/** What a request carries: a JSON body, and a session cookie or a key (else it is anonymous). */
interface SendOptions {
  body?: unknown;
  cookie?: string;
  key?: string;
}

/** The writes whose requests the ledger follows while on their way. */
type InFlight = 'accept' | 'change' | 'reset';

const cookieOf = (setCookie: string | null) => /^([^;]*);/.exec(setCookie ?? '')?.[1];
const tokenOf = (link: string) => link.split('#')[1] ?? '';

export class PeopleLedger {
  /** Answers other than the one due: none are expected. */
  readonly unexpected: string[] = [];
  readonly people: LedgerPerson[] = [];
  readonly invitations: LedgerInvitation[] = [];
  private addresses = 0;
  private passwords = 0;
  /** Requests sent and not answered yet, by kind: the kill can wait for one of each. */
  private readonly sending: Record<InFlight, number> = { accept: 0, change: 0, reset: 0 };

  constructor(
    private readonly baseUrl: () => string,
    /** A staff key, which reads the audit trail and the account's people. */
    private readonly staffKey: string,
    /** The account the people belong to. */
    private readonly accountId: number,
    private readonly prefix = 'crash',
  ) {}

  /** How many of each write were acknowledged so far. */
  get counts() {
    const acknowledged = this.invitations.filter((i) => i.invite === 'acknowledged');
    return {
      signIns: this.people.reduce((sum, person) => sum + person.signedIn, 0),
      invitations: acknowledged.length,
      accepted: acknowledged.filter((i) => i.accept?.answer === 'acknowledged').length,
      changes: this.people.reduce((sum, person) => sum + person.changes, 0),
      resets: this.people.reduce((sum, person) => sum + person.resets, 0),
    };
  }

  /** Whether a request of this kind is on its way (sent, no answer yet). */
  inFlight(kind: InFlight): boolean {
    return this.sending[kind] > 0;
  }

  /** Sends a request of a kind, counting it in flight until it is answered (or not). */
  private async sendAs(
    kind: InFlight,
    method: string,
    path: string,
    options: SendOptions,
  ): Promise<Answer | undefined> {
    this.sending[kind]++;
    try {
      return await this.send(method, path, options);
    } finally {
      this.sending[kind]--;
    }
  }

  /** How many writes got no answer: what the kill caught in flight (or sent after it). */
  get unanswered(): number {
    return (
      this.people.filter((person) => person.uncertain).length +
      this.people.reduce((sum, person) => sum + person.maybeSignedIn, 0) +
      this.invitations.filter((i) => i.invite === 'unanswered' || i.accept?.answer === 'unanswered')
        .length
    );
  }

  private newPassword(): string {
    return `${this.prefix} password ${this.passwords++} of the ledger`;
  }

  private async send(
    method: string,
    path: string,
    options: SendOptions = {},
  ): Promise<Answer | undefined> {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.key !== undefined) headers['authorization'] = `Bearer ${options.key}`;
    if (options.cookie !== undefined) {
      headers['cookie'] = options.cookie;
      // A change made with the cookie comes from the API's own pages.
      headers['origin'] = new URL(this.baseUrl()).origin;
    }
    if (options.key === undefined && options.cookie === undefined) {
      const n = ++this.addresses;
      headers['x-forwarded-for'] = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    }
    try {
      const response = await fetch(`${this.baseUrl()}/v1${path}`, {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      const cookie = cookieOf(response.headers.get('set-cookie'));
      return { status: response.status, text, ...(cookie ? { cookie } : {}) };
    } catch {
      return undefined;
    }
  }

  /**
   * Records an answer other than the one due (with a session cookie when `startsSession`); says
   * whether the answer was the one due.
   */
  private expectStatus(what: string, answer: Answer, status: number, startsSession = false) {
    if (answer.status === status && (!startsSession || answer.cookie !== undefined)) return true;
    this.unexpected.push(`${what}: ${answer.status} ${answer.text}`);
    return false;
  }

  /** Staff invite, the person accepts: a person of the ledger, signed in once. Before any fault. */
  async join(label: string): Promise<LedgerPerson> {
    const email = `${this.prefix}-${label}@acme.example`;
    const invited = await this.send('POST', `/admin/accounts/${this.accountId}/invitations`, {
      key: this.staffKey,
      body: { email },
    });
    if (invited?.status !== 201) throw new Error(`invite ${email}: ${invited?.status}`);
    const { link } = JSON.parse(invited.text) as { link: string };
    const password = this.newPassword();
    const accepted = await this.send('POST', '/invitations/accept', {
      body: { token: tokenOf(link), name: label, password },
    });
    if (accepted?.status !== 204 || !accepted.cookie)
      throw new Error(`accept ${email}: ${accepted?.status}`);
    const person = await this.personOf(email, password, accepted.cookie);
    if (person.id === 0) throw new Error(`GET /session of ${email}: no answer`);
    this.invitations.push({
      email,
      invite: 'acknowledged',
      token: tokenOf(link),
      byPerson: false,
      accept: { answer: 'acknowledged', password, person },
    });
    return person;
  }

  /** A person just joined with this session: their id from `GET /session`, when it answers. */
  private async personOf(email: string, password: string, cookie: string): Promise<LedgerPerson> {
    const me = await this.send('GET', '/session', { cookie });
    if (me && me.status !== 200) this.unexpected.push(`GET /session of ${email}: ${me.status}`);
    const record: LedgerPerson = {
      email,
      id: me?.status === 200 ? (JSON.parse(me.text) as { person: Person }).person.id : 0,
      password,
      oldPasswords: [],
      live: [cookie],
      ended: [],
      signedIn: 1,
      maybeSignedIn: 0,
      changes: 0,
      resets: 0,
      usedTokens: [],
    };
    this.people.push(record);
    return record;
  }

  /** One sign-in of a person with their password; resolves with the new session, if answered. */
  private async signIn(person: LedgerPerson): Promise<string | undefined> {
    const answer = await this.send('POST', '/session', {
      body: { email: person.email, password: person.password },
    });
    if (!answer) {
      person.maybeSignedIn++;
      return undefined;
    }
    if (!this.expectStatus(`sign-in of ${person.email}`, answer, 204, true)) return undefined;
    person.signedIn++;
    const cookie = answer.cookie ?? '';
    person.live.push(cookie);
    return cookie;
  }

  /** Signs a person in again and again: every session acknowledged must work after a fault. */
  async signIns(person: LedgerPerson, stop: () => boolean): Promise<void> {
    while (!stop()) if ((await this.signIn(person)) === undefined) return;
  }

  /**
   * Invites new people to the account, in turn by staff (a key) and by `inviter` (signed in), and
   * has every other one accept (name and password): an invitation acknowledged must still work
   * after a fault, a joined person be there once.
   */
  async invites(inviter: LedgerPerson, stop: () => boolean): Promise<void> {
    for (let n = 0; !stop(); n++) {
      const email = `${this.prefix}-invited-${n}@acme.example`;
      const byPerson = n % 2 === 1;
      const [path, auth] = byPerson
        ? ['/account/invitations', { cookie: inviter.live[0] ?? '' }]
        : [`/admin/accounts/${this.accountId}/invitations`, { key: this.staffKey }];
      const invited = await this.send('POST', path, { ...auth, body: { email } });
      if (!invited) {
        this.invitations.push({ email, invite: 'unanswered', byPerson });
        return;
      }
      if (!this.expectStatus(`invitation of ${email}`, invited, 201)) return;
      const token = tokenOf((JSON.parse(invited.text) as { link: string }).link);
      const invitation: LedgerInvitation = { email, invite: 'acknowledged', token, byPerson };
      this.invitations.push(invitation);
      if (n % 4 >= 2 || stop()) continue;
      const password = this.newPassword();
      const accepted = await this.sendAs('accept', 'POST', '/invitations/accept', {
        body: { token, name: `Invited ${n}`, password },
      });
      if (!accepted) {
        invitation.accept = { answer: 'unanswered', password };
        return;
      }
      if (!this.expectStatus(`accepting ${email}`, accepted, 204, true)) return;
      const person = await this.personOf(email, password, accepted.cookie ?? '');
      invitation.accept = { answer: 'acknowledged', password, person };
    }
  }

  /**
   * The person signs in a second session, then changes their password with the first, again and
   * again: the new password works, the old one is refused, the second session has ended.
   */
  async passwordChanges(person: LedgerPerson, stop: () => boolean): Promise<void> {
    const changing = person.live[0] ?? '';
    while (!stop()) {
      const other = await this.signIn(person);
      if (other === undefined) return;
      const to = this.newPassword();
      const answer = await this.sendAs('change', 'POST', '/session/password', {
        cookie: changing,
        body: { currentPassword: person.password, newPassword: to },
      });
      if (!answer) {
        person.uncertain = { via: 'change', to, ends: person.live.filter((c) => c !== changing) };
        return;
      }
      if (!this.expectStatus(`password change of ${person.email}`, answer, 204)) return;
      this.passwordSet(
        person,
        to,
        person.live.filter((c) => c !== changing),
      );
      person.changes++;
    }
  }

  /**
   * The person signs in, staff make a reset link, and the person chooses a new password with it,
   * again and again: the new password and the link's session work, the old password, every earlier
   * session and a second use of the link are refused.
   */
  async passwordResets(person: LedgerPerson, stop: () => boolean): Promise<void> {
    while (!stop()) {
      if ((await this.signIn(person)) === undefined) return;
      const made = await this.send('POST', `/admin/people/${person.id}/password-reset`, {
        key: this.staffKey,
      });
      // Making a link changes nothing: unanswered, there is nothing to check.
      if (!made) return;
      if (!this.expectStatus(`reset link for ${person.email}`, made, 201)) return;
      const token = tokenOf((JSON.parse(made.text) as { link: string }).link);
      const to = this.newPassword();
      const answer = await this.sendAs('reset', 'POST', '/password-resets/accept', {
        body: { token, password: to },
      });
      if (!answer) {
        person.uncertain = { via: 'reset', to, ends: [...person.live], token };
        person.maybeSignedIn++;
        return;
      }
      if (!this.expectStatus(`reset of ${person.email}`, answer, 204, true)) return;
      this.passwordSet(person, to, [...person.live]);
      person.live.push(answer.cookie ?? '');
      person.signedIn++;
      person.resets++;
      person.usedTokens.push(token);
    }
  }

  private passwordSet(person: LedgerPerson, to: string, ends: string[]): void {
    person.oldPasswords.push(person.password);
    person.password = to;
    for (const cookie of ends) {
      person.live.splice(person.live.indexOf(cookie), 1);
      person.ended.push(cookie);
    }
  }

  /** Every event about one kind of target, oldest first, following `Link`. */
  private async audit(targetType: string): Promise<AuditEvent[]> {
    return (await this.readAll<AuditEvent>(`/admin/audit?targetType=${targetType}&limit=100`))
      .slice()
      .reverse();
  }

  private readAll<T>(first: string): Promise<T[]> {
    return fetchAll<T>(`${this.baseUrl()}/v1${first}`, bearer(this.staffKey));
  }

  private async statusOf(
    method: string,
    path: string,
    options: { body?: unknown; cookie?: string },
  ) {
    const answer = await this.send(method, path, options);
    if (!answer) throw new Error(`${method} ${path}: no answer from the restarted API`);
    return answer;
  }

  /**
   * Against a restarted API, what the answers say, exactly:
   * - every person acknowledged as joined is there once, with one `person.joined`, and no one else
   *   is (but for an accept whose answer never came: then once, with its event, or not at all);
   * - every invitation acknowledged has one `person.invited`, an unanswered one at most one;
   * - every session acknowledged works, and has one `person.signed_in`; a person has no more of
   *   them than sign-ins acknowledged and unanswered;
   * - each person's password is the one the answers say, every earlier one refused, and the
   *   sessions an acknowledged change or reset ended stay ended, with one `person.password_changed`
   *   or `person.password_reset` per acknowledged change or reset; a change whose answer never
   *   came happened whole (its event, its password, its sessions ended) or not at all;
   * - links: an invitation acknowledged but not accepted still works (accepted now), one accepted
   *   is refused a second time, as is a reset link used.
   */
  async check(): Promise<void> {
    expect(this.unexpected).toEqual([]);
    // What the database holds, read before anything below adds to it.
    const [byPerson, bySession, byAccount] = await Promise.all([
      this.audit('person'),
      this.audit('session'),
      this.audit('account'),
    ]);
    const stored = await this.readAll<Person>(`/admin/accounts/${this.accountId}/people?limit=100`);
    const storedByEmail = new Map<string, Person[]>();
    for (const person of stored)
      storedByEmail.set(person.email, [...(storedByEmail.get(person.email) ?? []), person]);
    // A person whose joining was acknowledged but whose id was not read yet: by their email.
    for (const person of this.people)
      if (person.id === 0) person.id = storedByEmail.get(person.email)?.[0]?.id ?? 0;

    // Invitations and people.
    const invitedEvents = byAccount.filter((event) => event.action === 'person.invited');
    const invitedCount = (email: string) =>
      invitedEvents.filter((event) => event.changes['email']?.[1] === email).length;
    const joinedCount = (id: number) =>
      byPerson.filter((event) => event.action === 'person.joined' && event.target.id === id).length;
    const emails = new Set(this.invitations.map((invitation) => invitation.email));
    expect(
      invitedEvents.filter((event) => !emails.has(String(event.changes['email']?.[1]))),
      'invitations nobody made',
    ).toEqual([]);
    expect(
      stored.filter((person) => !emails.has(person.email)),
      'people who never joined',
    ).toEqual([]);
    const linksToUse: { token: string; email: string }[] = [];
    const linksUsed: string[] = [];
    for (const invitation of this.invitations) {
      const { email, accept } = invitation;
      const people = storedByEmail.get(email) ?? [];
      if (invitation.invite === 'acknowledged')
        expect(invitedCount(email), `person.invited for ${email}`).toBe(1);
      else expect(invitedCount(email), `person.invited for ${email}`).toBeLessThanOrEqual(1);
      expect(people.length, `people with ${email}`).toBeLessThanOrEqual(1);
      const joined = people[0];
      if (accept?.answer === 'acknowledged') {
        expect(joined?.id, `${email} joined`).toBe(accept.person?.id);
      } else if (accept === undefined) {
        expect(joined, `${email} never accepted`).toBeUndefined();
      }
      if (joined) expect(joinedCount(joined.id), `person.joined for ${email}`).toBe(1);
      if (invitation.token === undefined) continue;
      if (joined) linksUsed.push(invitation.token);
      else linksToUse.push({ token: invitation.token, email });
    }
    // One event per person of the account, none for a person not stored.
    const joinedEvents = byPerson.filter(
      (event) =>
        event.action === 'person.joined' && event.changes['accountId']?.[1] === this.accountId,
    );
    expect(joinedEvents.length, 'person.joined events').toBe(stored.length);

    // Sessions, passwords, and the events of each.
    for (const person of this.people) {
      const events = (action: string) =>
        byPerson.filter((event) => event.action === action && event.target.id === person.id).length;
      const sessionIds = checkSignIns(bySession, person);

      // Whether an unanswered change or reset happened: its event says, and all else must agree.
      const { uncertain } = person;
      const changed = events('person.password_changed') - person.changes;
      const reset = events('person.password_reset') - person.resets;
      // One event per acknowledged change or reset, and one more if the unanswered one happened.
      const possible = [[0, 0]];
      if (uncertain?.via === 'change') possible.push([1, 0]);
      if (uncertain?.via === 'reset') possible.push([0, 1]);
      expect(
        possible,
        `password events of ${person.email}: ${changed} changed, ${reset} reset`,
      ).toContainEqual([changed, reset]);
      const happened = uncertain !== undefined && changed + reset === 1;
      const password = happened ? uncertain.to : person.password;
      // Each refused password may be tried: the latest ones, within the email's few failures.
      const refused = (
        happened
          ? [...person.oldPasswords, person.password]
          : [...person.oldPasswords, ...(uncertain ? [uncertain.to] : [])]
      ).slice(-3);
      const live = happened ? person.live.filter((c) => !uncertain.ends.includes(c)) : person.live;
      const ended = happened ? [...person.ended, ...uncertain.ends] : person.ended;

      for (const cookie of live) {
        const answer = await this.statusOf('GET', '/session', { cookie });
        expect(answer.status, `a live session of ${person.email}`).toBe(200);
        expect((JSON.parse(answer.text) as { person: Person }).person.id).toBe(person.id);
      }
      for (const cookie of ended)
        expect(
          (await this.statusOf('GET', '/session', { cookie })).status,
          `an ended session of ${person.email}`,
        ).toBe(401);
      // Every session that works was recorded once (the sessions list shows the live ones).
      if (live[0] !== undefined) {
        const listed = await this.statusOf('GET', '/sessions?limit=100', { cookie: live[0] });
        expect(listed.status, `the sessions of ${person.email}`).toBe(200);
        const ids = (JSON.parse(listed.text) as { id: number }[]).map((s) => s.id);
        expect(
          ids.filter((id) => !sessionIds.includes(id)),
          'sessions without sign-in',
        ).toEqual([]);
      }

      const signIn = (pw: string) =>
        this.statusOf('POST', '/session', { body: { email: person.email, password: pw } });
      expect((await signIn(password)).status, `${person.email} signs in`).toBe(204);
      for (const old of refused)
        expect((await signIn(old)).status, `a password ${person.email} no longer has`).toBe(401);

      if (uncertain?.token !== undefined) {
        const again = await this.statusOf('POST', '/password-resets/accept', {
          body: { token: uncertain.token, password: this.newPassword() },
        });
        // Used if the reset happened; still good (and used now) if it did not.
        expect(again.status, `the reset link of ${person.email}`).toBe(happened ? 400 : 204);
      }
      for (const token of person.usedTokens)
        expect(
          (
            await this.statusOf('POST', '/password-resets/accept', {
              body: { token, password: this.newPassword() },
            })
          ).status,
          `a used reset link of ${person.email}`,
        ).toBe(400);
    }

    // Links last: using one changes what the checks above read.
    for (const token of linksUsed)
      expect(
        (
          await this.statusOf('POST', '/invitations/accept', {
            body: { token, name: 'Again', password: this.newPassword() },
          })
        ).status,
        'an invitation used',
      ).toBe(400);
    for (const { token, email } of linksToUse) {
      const answer = await this.statusOf('POST', '/invitations/accept', {
        body: { token, name: 'Later', password: this.newPassword() },
      });
      expect(answer.status, `the invitation of ${email}, after the restart`).toBe(204);
      const me = await this.statusOf('GET', '/session', { cookie: answer.cookie ?? '' });
      expect((JSON.parse(me.text) as { person: Person }).person.email).toBe(email);
    }
  }
}
