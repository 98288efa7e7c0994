/**
 * Passkeys (docs/staff/sign-in.md): WebAuthn through @simplewebauthn/server, which makes the options and
 * checks the browser's answers (origin, relying party, challenge, user verification, signature,
 * counter); this service keeps the challenges (hashed, single use), the credentials, and the rules
 * of who may add, remove and sign in.
 */
import { hash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type ListKeysQuery,
  type NewPasskey,
  type Passkey,
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEY_NOT_MADE,
  type PasskeyOptions,
  PASSKEYS_MAX,
  type PasskeySignIn,
  PROBLEMS,
  type RemovePassword,
} from '@pets/contract';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { type Actor, AuditRepository } from '../../audit/audit.repository.js';
import { ApiException } from '../../errors/api-exception.js';
import { CLOCK, type Clock } from '../../config/clock.js';
import { isUniqueViolation } from '../../errors/database-errors.js';
import { Cursors } from '../../paging/cursor.js';
import { type Page, scopedPage } from '../../paging/paging.js';
import type { SessionCaller } from '../../gate/principal.js';
import { Writer } from '../../database/writer.js';
import { type PasskeyRecord, PasskeysRepository } from './passkeys.repository.js';
import { passwordMatches } from '../passwords.js';
import { emailKey, PeopleRepository } from '../people.repository.js';
import { type NewSession, SessionsService } from '../sessions/sessions.service.js';
import { SignInLimit } from '../sessions/sign-in-limit.js';

/** Who the passkeys are for: the RP ID they are bound to, and the pages that may use them. */
export interface RelyingParty {
  /** A host name: `PUBLIC_URL`'s, or the API's own. */
  id: string;
  /** The API's own origin and `CORS_ORIGINS`. */
  origins: string[];
}

/** What authenticators show as the relying party's name. */
export const RELYING_PARTY_NAME = 'Pet store';

const hashChallenge = (challenge: string): string => hash('sha256', challenge, 'hex');

const refused = () => ApiException.of(PROBLEMS.passkeyRefused);
const notMade = () =>
  ApiException.of(PROBLEMS.passkeyNotMade, [{ field: 'credential', issue: PASSKEY_NOT_MADE }]);

/** The challenge a browser's answer names (its `clientDataJSON`), or `undefined` if none. */
function challengeOf(credential: { response: Record<string, unknown> }): string | undefined {
  const data = credential.response['clientDataJSON'];
  if (typeof data !== 'string') return undefined;
  try {
    const client: unknown = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'));
    const challenge = (client as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{1,1024}$/.test(challenge)
      ? challenge
      : undefined;
  } catch {
    return undefined;
  }
}

const transportsOf = (record: PasskeyRecord): AuthenticatorTransport[] => {
  try {
    const parsed: unknown = JSON.parse(record.transports);
    return Array.isArray(parsed) ? (parsed as AuthenticatorTransport[]) : [];
  } catch {
    return [];
  }
};

const toView = (record: PasskeyRecord): Passkey => ({
  id: record.id,
  name: record.name,
  createdAt: new Date(record.createdAt).toISOString(),
  lastUsedAt: record.lastUsedAt === null ? null : new Date(record.lastUsedAt).toISOString(),
});

/**
 * Adding, listing and removing a person's passkeys, signing in with one, and removing a password
 * once a passkey is there. A person always keeps a way in: removing the password and removing the
 * last passkey both lock the person's row, so of two at once the second sees the first's result.
 */
@Injectable()
export class PasskeysService {
  constructor(
    private readonly passkeys: PasskeysRepository,
    private readonly sessions: SessionsService,
    private readonly writer: Writer,
    private readonly audit: AuditRepository,
    private readonly cursors: Cursors,
    private readonly people: PeopleRepository,
    private readonly limit: SignInLimit,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A page of the person's passkeys, in ascending id. */
  page(caller: SessionCaller, query: ListKeysQuery): Promise<Page<Passkey>> {
    const list = {
      kind: 'pk1',
      scope: String(caller.personId),
      otherScope: "belongs to another person's passkeys",
    };
    return scopedPage(this.cursors, list, query, async (afterId, take) =>
      (await this.passkeys.page(caller.personId, afterId ?? 0, take)).map(toView),
    );
  }

  /** The options for `navigator.credentials.create()`, with a new challenge for this person. */
  async startRegistration(caller: SessionCaller, rp: RelyingParty): Promise<PasskeyOptions> {
    const [person, own] = await Promise.all([
      this.passkeys.person(caller.personId),
      this.passkeys.allOf(caller.personId),
    ]);
    if (!person) throw new Error(`The person of session ${caller.id} is not there`);
    if (own.length >= PASSKEYS_MAX) throw ApiException.of(PROBLEMS.tooManyPasskeys);
    const now = this.clock.now();
    const bytes = randomBytes(32);
    const challenge = bytes.toString('base64url');
    const userId = await this.writer.transaction(async (tx) => {
      let id = person.userId;
      if (id === null) {
        // Made once: of two at once, the second finds the first's.
        await tx.lockRow('people', person.id);
        id = (await this.passkeys.personIn(tx, person.id))?.userId ?? null;
        if (id === null) {
          id = randomBytes(32).toString('base64url');
          await this.passkeys.setUserId(tx, person.id, id);
        }
      }
      await this.passkeys.addChallenge(
        tx,
        { hash: hashChallenge(challenge), purpose: 'add', personId: person.id },
        now,
        now + PASSKEY_CHALLENGE_TTL_MS,
      );
      return id;
    });
    const options = await generateRegistrationOptions({
      rpName: RELYING_PARTY_NAME,
      rpID: rp.id,
      userID: Buffer.from(userId, 'base64url'),
      userName: person.email,
      userDisplayName: person.name,
      challenge: bytes,
      timeout: PASSKEY_CHALLENGE_TTL_MS,
      attestationType: 'none',
      excludeCredentials: own.map((passkey) => ({
        id: passkey.credentialId,
        transports: transportsOf(passkey),
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    return options as unknown as PasskeyOptions;
  }

  /**
   * Adds the passkey the browser made for this person's challenge: `400` unless it is one (made
   * for a challenge of theirs in force, by this relying party's page, user verified), `409` past
   * {@link PASSKEYS_MAX}.
   */
  async add(
    caller: SessionCaller,
    { name, credential }: NewPasskey,
    rp: RelyingParty,
    actor: Actor,
  ): Promise<Passkey> {
    const challenge = challengeOf(credential);
    if (challenge === undefined) throw notMade();
    let made;
    try {
      made = await verifyRegistrationResponse({
        response: credential as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: true,
      });
    } catch {
      throw notMade();
    }
    if (!made.verified) throw notMade();
    const { credential: key } = made.registrationInfo;
    const now = this.clock.now();
    try {
      const record = await this.writer.transaction(async (tx) => {
        await tx.lockRow('people', caller.personId);
        const taken = await this.passkeys.takeChallenge(tx, hashChallenge(challenge), 'add', now);
        if (taken?.personId !== caller.personId) throw notMade();
        if ((await this.passkeys.countIn(tx, caller.personId)) >= PASSKEYS_MAX)
          throw ApiException.of(PROBLEMS.tooManyPasskeys);
        const passkey = {
          personId: caller.personId,
          credentialId: key.id,
          publicKey: Buffer.from(key.publicKey),
          counter: key.counter,
          transports: JSON.stringify(key.transports ?? []),
          name,
          createdAt: now,
        };
        const id = await this.passkeys.insert(tx, passkey);
        await this.audit.record(tx, now, {
          actor,
          action: 'passkey.added',
          target: { type: 'passkey', id },
          changes: { name: [null, name] },
        });
        return { ...passkey, id, lastUsedAt: null };
      });
      return toView(record);
    } catch (error) {
      // A credential already added (by this person or another): not one made for this challenge.
      if (isUniqueViolation(error)) throw notMade();
      throw error;
    }
  }

  /** Removes one of the person's passkeys (`404` otherwise), but never their last way in (`409`). */
  async remove(caller: SessionCaller, passkeyId: number, actor: Actor): Promise<void> {
    await this.writer.transaction(async (tx) => {
      await tx.lockRow('people', caller.personId);
      const passkey = await this.passkeys.ownIn(tx, passkeyId, caller.personId);
      if (!passkey) throw ApiException.of(PROBLEMS.passkeyNotFound);
      const person = await this.passkeys.personIn(tx, caller.personId);
      if (person?.passwordHash === null && (await this.passkeys.countIn(tx, caller.personId)) <= 1)
        throw ApiException.of(PROBLEMS.passwordStillNeeded);
      await this.passkeys.remove(tx, passkey.id);
      await this.audit.record(tx, this.clock.now(), {
        actor,
        action: 'passkey.removed',
        target: { type: 'passkey', id: passkey.id },
        changes: { name: [passkey.name, null] },
      });
    });
  }

  /**
   * Removes the person's password once they have a passkey (`409` before), given the password (a
   * check within the sign-in limit, as for a change). Sessions go on.
   */
  async removePassword(
    caller: SessionCaller,
    actor: Actor,
    { currentPassword }: RemovePassword,
  ): Promise<void> {
    const person = await this.people.find(caller.personId);
    // People are never removed: a session's person is always there.
    if (!person) throw new Error(`The person of session ${caller.id} is not there`);
    const matches = await this.limit.checked(emailKey(person.email), async () =>
      passwordMatches(await this.people.passwordHash(person.id), currentPassword),
    );
    if (!matches)
      throw ApiException.of(PROBLEMS.wrongCurrentPassword, [
        { field: 'currentPassword', issue: 'is not your password' },
      ]);
    const now = this.clock.now();
    await this.writer.transaction(async (tx) => {
      await tx.lockRow('people', caller.personId);
      if ((await this.passkeys.countIn(tx, caller.personId)) === 0)
        throw ApiException.of(PROBLEMS.passwordStillNeeded);
      if (!(await this.passkeys.removePassword(tx, caller.personId, now))) return;
      await this.audit.record(tx, now, {
        actor,
        action: 'person.password_removed',
        target: { type: 'person', id: caller.personId },
        changes: {},
      });
    });
  }

  /** The options for `navigator.credentials.get()`: a new challenge, any passkey of this RP. */
  async startSignIn(rp: RelyingParty): Promise<PasskeyOptions> {
    const now = this.clock.now();
    const bytes = randomBytes(32);
    const challenge = bytes.toString('base64url');
    await this.writer.transaction((tx) =>
      this.passkeys.addChallenge(
        tx,
        { hash: hashChallenge(challenge), purpose: 'sign_in', personId: null },
        now,
        now + PASSKEY_CHALLENGE_TTL_MS,
      ),
    );
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      challenge: bytes,
      timeout: PASSKEY_CHALLENGE_TTL_MS,
      userVerification: 'required',
    });
    return options as unknown as PasskeyOptions;
  }

  /**
   * Signs in with a passkey: a known credential of an active person, its signature good for a
   * challenge in force (taken, so answered once), user verified, its counter past the last (a
   * counter that goes back is a cloned authenticator). Anything else is the same `401`.
   */
  async signIn(
    { credential }: PasskeySignIn,
    client: { device: string; address: string },
    rp: RelyingParty,
  ): Promise<NewSession> {
    const challenge = challengeOf(credential);
    if (challenge === undefined) throw refused();
    const stored = await this.passkeys.byCredentialId(credential.id);
    if (!stored) throw refused();
    let newCounter: number;
    try {
      const checked = await verifyAuthenticationResponse({
        response: credential as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        credential: {
          id: stored.credentialId,
          publicKey: new Uint8Array(stored.publicKey),
          counter: stored.counter,
          transports: transportsOf(stored),
        },
        requireUserVerification: true,
      });
      if (!checked.verified) throw refused();
      newCounter = checked.authenticationInfo.newCounter;
    } catch {
      throw refused();
    }
    const handle = (credential.response as { userHandle?: unknown }).userHandle;
    if (handle !== undefined && handle !== null && handle !== stored.userId) throw refused();
    const now = this.clock.now();
    // The challenge is taken whatever follows: a refused answer commits its use.
    const id = await this.writer.transaction(async (tx) => {
      if (!(await this.passkeys.takeChallenge(tx, hashChallenge(challenge), 'sign_in', now)))
        return null;
      await tx.lockRow('passkeys', stored.id);
      const passkey = await this.passkeys.byCredentialIdIn(tx, credential.id);
      if (!passkey || passkey.deactivatedAt !== null) return null;
      if ((newCounter > 0 || passkey.counter > 0) && newCounter <= passkey.counter) return null;
      await this.passkeys.used(tx, passkey.id, newCounter, now);
      return this.sessions.startIn(
        tx,
        { id: passkey.personId, accountId: passkey.accountId },
        client,
        now,
      );
    });
    if (id === null) throw refused();
    return { id, maxAgeSeconds: this.sessions.maxAgeSeconds };
  }
}
