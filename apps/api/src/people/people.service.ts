/**
 * People's side of one-time links and their accounts: accepting an invitation, choosing a new
 * password, changing one, an account's people in pages, and deactivating a person.
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  type AcceptInvitation,
  type ChangePassword,
  LINK_ISSUE,
  type ListKeysQuery,
  type Person,
  PROBLEMS,
  type ResetPassword,
  SINGLE_SIGN_ON_LINK,
} from '@pets/contract';
import { type Actor, AuditRepository } from '../audit/audit.repository.js';
import { Cursors } from '../paging/cursor.js';
import { type Page, scopedPage } from '../paging/paging.js';
import type { SessionCaller } from '../gate/principal.js';
import { ApiException } from '../errors/api-exception.js';
import { CLOCK, type Clock } from '../config/clock.js';
import { isUniqueViolation } from '../errors/database-errors.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { Writer, type WriteTx } from '../database/writer.js';
import { ApiKeysService } from '../accounts/api-keys/api-keys.service.js';
import { InvitationsService } from './links/invitations.service.js';
import { type LinkRecord, LinksRepository } from './links/links.repository.js';
import { hashToken, singleSignOnDomain } from './links/links.service.js';
import { hashPassword, type PasswordContext, passwordIssue, passwordMatches } from './passwords.js';
import { emailKey, PeopleRepository, type PersonRecord } from './people.repository.js';
import { type NewSession, SessionsService } from './sessions/sessions.service.js';
import { SignInLimit } from './sessions/sign-in-limit.js';

/**
 * The id of no person, locked as "the staff people": whoever deactivates a staff person holds it
 * (people's ids start at 1).
 */
const STAFF_PEOPLE_LOCK = 0;

const invalidLink = () =>
  ApiException.of(PROBLEMS.invalidLink, [{ field: 'token', issue: LINK_ISSUE }]);

/**
 * A new password, refused with the contract's words when it breaks a rule, or (with what the
 * person is known by) contains their email or name.
 */
function checkPassword(password: string, field = 'password', context?: PasswordContext): void {
  const issue = passwordIssue(password, context);
  if (issue !== undefined)
    throw ApiException.of(PROBLEMS.invalidBody(`${field} ${issue}`), [{ field, issue }]);
}

export const toPersonView = (person: PersonRecord): Person => ({
  id: person.id,
  accountId: person.accountId,
  email: person.email,
  name: person.name,
  createdAt: new Date(person.createdAt).toISOString(),
  deactivatedAt:
    person.deactivatedAt === null ? null : new Date(person.deactivatedAt).toISOString(),
});

/**
 * Using people's one-time links (docs/staff/sign-in.md; {@link LinksService} makes them): accepting an
 * invitation, choosing a new password. Each is one transaction: the link is taken, the person made
 * or their password set (every other session ended), and a session started, or nothing is.
 */
@Injectable()
export class PeopleService {
  constructor(
    private readonly people: PeopleRepository,
    private readonly links: LinksRepository,
    private readonly sessions: SessionsService,
    private readonly writer: Writer,
    private readonly audit: AuditRepository,
    private readonly cursors: Cursors,
    private readonly limit: SignInLimit,
    private readonly keys: ApiKeysService,
    private readonly invitations: InvitationsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The invited person joins with the name and password they chose, and is signed in. An
   * invitation for an email that has a person now is refused as a used link is (nothing more
   * said); one for an email of a single sign-on domain is accepted only by signing in with the
   * provider.
   */
  async accept(
    { token, name, password }: AcceptInvitation,
    client: { device: string; address: string },
  ): Promise<NewSession> {
    checkPassword(password);
    const passwordHash = await hashPassword(password);
    const now = this.clock.now();
    try {
      const id = await this.writer.transaction(async (tx) => {
        const link = await this.take(tx, token, 'invitation', now);
        if (await this.people.withEmail(tx, link.email)) throw invalidLink();
        if (singleSignOnDomain(this.config, link.email) !== undefined)
          throw ApiException.of(PROBLEMS.singleSignOnInvitation, [
            { field: 'token', issue: SINGLE_SIGN_ON_LINK },
          ]);
        checkPassword(password, 'password', { email: link.email, name });
        const person = await this.people.insert(tx, {
          accountId: link.accountId,
          email: link.email,
          name,
          passwordHash,
          createdAt: now,
        });
        await this.links.use(tx, link.id, now, person.id);
        await this.audit.record(tx, now, {
          actor: { accountId: person.accountId, personId: person.id },
          action: 'person.joined',
          target: { type: 'person', id: person.id },
          changes: {
            accountId: [null, person.accountId],
            email: [null, person.email],
            name: [null, name],
          },
        });
        return this.sessions.startIn(tx, person, client, now);
      });
      return { id, maxAgeSeconds: this.sessions.maxAgeSeconds };
    } catch (error) {
      // Two invitations for one email accepted at once: the second meets the first's person.
      if (isUniqueViolation(error)) throw invalidLink();
      throw error;
    }
  }

  /**
   * Sets the password a reset link is for: every session the person had ends, and a new one
   * starts, in one transaction.
   */
  async reset(
    { token, password }: ResetPassword,
    client: { device: string; address: string },
  ): Promise<NewSession> {
    checkPassword(password);
    const passwordHash = await hashPassword(password);
    const now = this.clock.now();
    let personId = 0;
    const id = await this.writer.transaction(async (tx) => {
      const link = await this.take(tx, token, 'reset', now);
      const person = link.personId === null ? null : await this.people.findIn(tx, link.personId);
      if (!person || person.deactivatedAt !== null) throw invalidLink();
      checkPassword(password, 'password', person);
      personId = person.id;
      await this.links.use(tx, link.id, now, person.id);
      // A reset ends every earlier reset link of the person (docs/staff/sign-in.md).
      await this.links.endResets(tx, person.id, now);
      await this.people.setPassword(tx, person.id, passwordHash, now);
      await this.sessions.endAllIn(tx, person.id, now);
      await this.audit.record(tx, now, {
        actor: { accountId: person.accountId, personId: person.id },
        action: 'person.password_reset',
        target: { type: 'person', id: person.id },
        changes: {},
      });
      return this.sessions.startIn(tx, person, client, now);
    });
    this.sessions.forget(personId);
    return { id, maxAgeSeconds: this.sessions.maxAgeSeconds };
  }

  /**
   * Changes the password of the person signed in, who gives the current one: every other session
   * of theirs ends, this one goes on. A wrong current password is a failed sign-in of their email:
   * a session alone (a device left signed in) cannot guess the password faster than signing in can.
   */
  async changePassword(
    caller: SessionCaller,
    accountId: number,
    { currentPassword, newPassword }: ChangePassword,
  ): Promise<void> {
    const person = await this.people.find(caller.personId);
    // People are never removed: a session's person is always there.
    if (!person) throw new Error(`The person of session ${caller.id} is not there`);
    checkPassword(newPassword, 'newPassword', person);
    let newHash = '';
    const matches = await this.limit.checked(emailKey(person.email), async () => {
      const [stored, made] = await Promise.all([
        this.people.passwordHash(caller.personId),
        hashPassword(newPassword),
      ]);
      newHash = made;
      return passwordMatches(stored, currentPassword);
    });
    if (!matches)
      throw ApiException.of(PROBLEMS.wrongCurrentPassword, [
        { field: 'currentPassword', issue: 'is not your password' },
      ]);
    const now = this.clock.now();
    await this.writer.transaction(async (tx) => {
      await tx.lockRow('people', caller.personId);
      await this.people.setPassword(tx, caller.personId, newHash, now);
      await this.links.endResets(tx, caller.personId, now);
      await this.sessions.endAllIn(tx, caller.personId, now, caller.id);
      await this.audit.record(tx, now, {
        actor: { accountId, personId: caller.personId },
        action: 'person.password_changed',
        target: { type: 'person', id: caller.personId },
        changes: {},
      });
    });
    this.sessions.forget(caller.personId, caller.id);
  }

  /**
   * Deactivates a person (`404` for none), in one transaction (docs/staff/sign-in.md): they cannot
   * sign in, and their sessions, their open reset links, the open invitations they made and the
   * keys they made end. The last active person of the staff accounts is refused (`409`). After it
   * commits this instance forgets its lookups of their sessions and keys; every other instance
   * refuses them within its caches' time (5 seconds).
   */
  async deactivate(personId: number, actor: Actor): Promise<Person> {
    const now = this.clock.now();
    let revokedKeys: string[] = [];
    const person = await this.writer.transaction(async (tx) => {
      const role = await this.people.roleOf(tx, personId);
      if (role === null) throw ApiException.of(PROBLEMS.personNotFound);
      // Deactivations of staff people one at a time on every instance (a lock of no row: staff
      // people as a whole), taken before the person's, so two staff deactivating each other at once
      // cannot both find the other still active. A role never changes.
      if (role === 'staff') await tx.lockRow('people', STAFF_PEOPLE_LOCK);
      await tx.lockRow('people', personId);
      const found = await this.people.findIn(tx, personId);
      if (!found) throw ApiException.of(PROBLEMS.personNotFound);
      if (found.deactivatedAt !== null) return found;
      if (role === 'staff' && !(await this.people.otherActiveStaff(tx, personId)))
        throw ApiException.of(PROBLEMS.lastStaffPerson(found.name));
      await this.people.deactivate(tx, personId, now);
      await this.sessions.endAllIn(tx, personId, now);
      await this.links.endResets(tx, personId, now);
      await this.invitations.revokeMadeByIn(tx, personId, now, actor, 'person.deactivated');
      revokedKeys = await this.keys.revokeMadeByIn(tx, personId, now, actor, 'person.deactivated');
      await this.audit.record(tx, now, {
        actor,
        action: 'person.deactivated',
        target: { type: 'person', id: personId },
        changes: { deactivatedAt: [null, new Date(now).toISOString()] },
      });
      return { ...found, deactivatedAt: now };
    });
    this.sessions.forget(personId);
    this.keys.forget(revokedKeys);
    return toPersonView(person);
  }

  /**
   * Reactivates a person (`404` for none): they can sign in again. Nothing that their deactivation
   * ended comes back: sessions, links, invitations and keys stay ended.
   */
  async reactivate(personId: number, actor: Actor): Promise<Person> {
    const now = this.clock.now();
    const person = await this.writer.transaction(async (tx) => {
      await tx.lockRow('people', personId);
      const found = await this.people.findIn(tx, personId);
      if (!found) throw ApiException.of(PROBLEMS.personNotFound);
      if (!(await this.people.reactivate(tx, personId))) return found;
      await this.audit.record(tx, now, {
        actor,
        action: 'person.reactivated',
        target: { type: 'person', id: personId },
        changes: {
          deactivatedAt: [
            found.deactivatedAt === null ? null : new Date(found.deactivatedAt).toISOString(),
            null,
          ],
        },
      });
      return { ...found, deactivatedAt: null };
    });
    return toPersonView(person);
  }

  /** A page of an account's people, in ascending id. */
  page(accountId: number, query: ListKeysQuery): Promise<Page<Person>> {
    const list = {
      kind: 'p1',
      scope: String(accountId),
      otherScope: "belongs to another account's people",
    };
    return scopedPage(this.cursors, list, query, async (afterId, take) =>
      (await this.people.page(accountId, afterId ?? 0, take)).map(toPersonView),
    );
  }

  /** The link a secret names, locked for this transaction; `400` unless unused and in time. */
  private async take(
    tx: WriteTx,
    token: string,
    kind: LinkRecord['kind'],
    now: number,
  ): Promise<LinkRecord> {
    const found = await this.links.find(tx, hashToken(token), kind);
    if (!found) throw invalidLink();
    // One use: a second request with the same link waits here, then finds it used.
    await tx.lockRow('person_links', found.id);
    const link = await this.links.find(tx, hashToken(token), kind);
    if (!link || link.usedAt !== null || link.endedAt !== null || now >= link.expiresAt)
      throw invalidLink();
    return link;
  }
}
