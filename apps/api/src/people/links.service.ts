/**
 * Making one-time links (README: People sign in): invitations to join an account and links to
 * choose a new password, shown once and recorded in the audit trail without their secret.
 */
import { hash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  INVITATION_TTL_MS,
  type Invitation,
  type PasswordResetLink,
  PROBLEMS,
  RESET_LINK_TTL_MS,
} from '@pets/contract';
import { AccountsService } from '../accounts/accounts.service.js';
import { type Actor, AuditRepository } from '../audit/audit.repository.js';
import { ApiException } from '../common/api-exception.js';
import { CLOCK, type Clock } from '../common/clock.js';
import { Writer } from '../database/writer.js';
import { LinksRepository } from './links.repository.js';
import { PeopleRepository, type PersonRecord } from './people.repository.js';

/** Where the admin app takes each kind of link: the secret after `#`, never sent to a server. */
const LINK_PAGE = { invitation: '/admin/welcome', reset: '/admin/set-password' } as const;

export const hashToken = (token: string): string => hash('sha256', token, 'hex');
const iso = (ms: number) => new Date(ms).toISOString();

/** Who made a link, as stored: an account and its person, or the command-line tool. */
const makerOf = (actor: Actor) =>
  typeof actor === 'string'
    ? { createdByAccountId: null, createdByPersonId: null }
    : {
        createdByAccountId: actor.accountId,
        createdByPersonId: 'personId' in actor ? actor.personId : null,
      };

/**
 * The one-time links of people (README: People sign in): invitations to join an account, and links to choose
 * a new password. Each secret has 256 random bits, is shown once (only its hash is stored) and is
 * never e-mailed. Making one changes nothing else; using one is {@link PeopleService}'s. The
 * command-line tool makes them too (no HTTP, no sessions needed).
 */
@Injectable()
export class LinksService {
  constructor(
    private readonly people: PeopleRepository,
    private readonly links: LinksRepository,
    private readonly accounts: AccountsService,
    private readonly writer: Writer,
    private readonly audit: AuditRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** An invitation to an account (`404` for none), unless the email already has a person (`409`). */
  async invite(
    accountId: number,
    email: string,
    actor: Actor,
    origin: string,
  ): Promise<Invitation> {
    await this.accounts.findOrThrow(accountId);
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = now + INVITATION_TTL_MS;
    const id = await this.writer.transaction(async (tx) => {
      if (await this.people.withEmail(tx, email)) throw ApiException.of(PROBLEMS.emailTaken);
      const linkId = await this.links.insert(tx, {
        kind: 'invitation',
        hash: hashToken(token),
        accountId,
        email,
        personId: null,
        createdAt: now,
        expiresAt,
        ...makerOf(actor),
      });
      // Whom, to which account; never the link.
      await this.audit.record(tx, now, {
        actor,
        action: 'person.invited',
        target: { type: 'account', id: accountId },
        changes: { email: [null, email] },
      });
      return linkId;
    });
    return {
      id,
      accountId,
      email,
      expiresAt: iso(expiresAt),
      link: `${origin}${LINK_PAGE.invitation}#${token}`,
    };
  }

  /** A link for a person (`404` for none) to choose a new password; changes nothing until used. */
  async resetLink(personId: number, actor: Actor, origin: string): Promise<PasswordResetLink> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = now + RESET_LINK_TTL_MS;
    await this.writer.transaction(async (tx) => {
      const person = await this.people.findIn(tx, personId);
      if (!person || person.deactivatedAt !== null) throw ApiException.of(PROBLEMS.personNotFound);
      // A newer reset link ends every earlier one (README: People sign in).
      await this.links.endResets(tx, personId, now);
      await this.links.insert(tx, {
        kind: 'reset',
        hash: hashToken(token),
        accountId: person.accountId,
        email: person.email,
        personId,
        createdAt: now,
        expiresAt,
        ...makerOf(actor),
      });
    });
    return { personId, expiresAt: iso(expiresAt), link: `${origin}${LINK_PAGE.reset}#${token}` };
  }

  /**
   * A person with no password yet (the first run's `admin@localhost`), who chooses one with a
   * {@link resetLink}; recorded as joined, by `actor`.
   */
  async createPerson(
    accountId: number,
    email: string,
    name: string,
    actor: Actor,
  ): Promise<PersonRecord> {
    const now = this.clock.now();
    return this.writer.transaction(async (tx) => {
      if (await this.people.withEmail(tx, email)) throw ApiException.of(PROBLEMS.emailTaken);
      const person = await this.people.insert(tx, {
        accountId,
        email,
        name,
        passwordHash: null,
        createdAt: now,
      });
      await this.audit.record(tx, now, {
        actor,
        action: 'person.joined',
        target: { type: 'person', id: person.id },
        changes: { accountId: [null, accountId], email: [null, email], name: [null, name] },
      });
      return person;
    });
  }

  /** A person by email, for the command-line tool. */
  findByEmail(email: string): Promise<PersonRecord | null> {
    return this.people.forSignIn(email);
  }
}
