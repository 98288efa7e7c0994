/**
 * Making one-time links (docs/staff/sign-in.md): invitations to join an account and links to
 * choose a new password, e-mailed to their person (or, without a mail server, shown once) and
 * recorded in the audit trail without their secret.
 */
import { hash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  INVITATION_TTL_MS,
  type Invitation,
  type PasswordResetLink,
  PROBLEMS,
  RESET_LINK_TTL_MS,
  singleSignOnEmailIssue,
} from '@pets/contract';
import { AccountsService } from '../../accounts/accounts.service.js';
import { type Actor, AuditRepository } from '../../audit/audit.repository.js';
import { ApiException } from '../../errors/api-exception.js';
import { CLOCK, type Clock } from '../../config/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { Writer } from '../../database/writer.js';
import { LinksRepository } from './links.repository.js';
import { alreadyJoinedMail, invitationMail, MailService, resetMail } from './mail.service.js';
import { PeopleRepository, type PersonRecord } from '../people.repository.js';

/** Where the admin app takes each kind of link: the secret after `#`, never sent to a server. */
const LINK_PAGE = { invitation: '/admin/welcome', reset: '/admin/set-password' } as const;
/** Where single sign-on's people join: the sign-in page, with its "Sign in with …" button. */
const SIGN_IN_PAGE = '/admin/sign-in';

/** Who made a link, in mail, when no person or account made it (the command-line tool). */
const PRODUCT_STAFF = 'The Pet Store staff';

export const hashToken = (token: string): string => hash('sha256', token, 'hex');
const iso = (ms: number) => new Date(ms).toISOString();

/** The domain of an email, as single sign-on's domains are written: lower case. */
export const domainOf = (email: string): string =>
  email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * The single sign-on domain an email is in, if any (docs/staff/sign-in.md): such emails belong to
 * the provider, and their people sign in only through it.
 */
export const singleSignOnDomain = (config: AppConfig, email: string): string | undefined => {
  const domain = domainOf(email);
  return config.singleSignOn?.allowedDomains.includes(domain) ? domain : undefined;
};

/** Who made a link, as stored: an account and its person, or the command-line tool. */
const makerOf = (actor: Actor) =>
  typeof actor === 'string'
    ? { createdByAccountId: null, createdByPersonId: null }
    : {
        createdByAccountId: actor.accountId,
        createdByPersonId: 'personId' in actor ? actor.personId : null,
      };

/**
 * Each secret has 256 random bits; only its hash is stored. With a mail server it is e-mailed after
 * the link is stored (and the answer has no link), else shown once. Making one changes nothing
 * else; using one is {@link PeopleService}'s. The command-line tool makes them too.
 */
@Injectable()
export class LinksService {
  constructor(
    private readonly people: PeopleRepository,
    private readonly links: LinksRepository,
    private readonly accounts: AccountsService,
    private readonly writer: Writer,
    private readonly audit: AuditRepository,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * An invitation to an account (`404` for none). The answer is the same whether or not the email
   * already has a person (such an invitation is stored, and refused when accepted), so that
   * inviting tells nobody who has a person. An email of a single sign-on domain is invited only to
   * single sign-on's account (`400` otherwise). With a mail server the link is e-mailed once the
   * invitation is stored, and the answer says where it went.
   */
  async invite(
    accountId: number,
    email: string,
    actor: Actor,
    origin: string,
  ): Promise<Invitation> {
    const account = await this.accounts.findOrThrow(accountId);
    const domain = singleSignOnDomain(this.config, email);
    if (domain !== undefined && accountId !== this.config.singleSignOn?.accountId) {
      const issue = singleSignOnEmailIssue(domain);
      throw ApiException.of(PROBLEMS.invalidBody(`email ${issue}`), [{ field: 'email', issue }]);
    }
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = now + INVITATION_TTL_MS;
    const { id, taken } = await this.writer.transaction(async (tx) => {
      // The account's invitations get their ids in the order they commit, as its keys do: the
      // next waits here until this one commits, so its open invitations, listed in ascending id,
      // never skip one.
      await tx.lockRow('accounts', accountId);
      // Stored all the same: the answer must not tell whether the email has a person.
      const taken = (await this.people.withEmail(tx, email)) !== null;
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
      return { id: linkId, taken };
    });
    const made = { id, accountId, email, expiresAt: iso(expiresAt) };
    if (!this.mail.enabled)
      return { ...made, delivery: 'shown', link: `${origin}${LINK_PAGE.invitation}#${token}` };
    const inviter = await this.nameOf(actor);
    await this.mail.send(
      taken
        ? alreadyJoinedMail({ to: email, account: account.name, inviter })
        : invitationMail({
            to: email,
            account: account.name,
            inviter,
            expiresAt: made.expiresAt,
            // Single sign-on's people join by signing in with the provider: no secret to send.
            ...(domain === undefined || !this.config.singleSignOn
              ? { link: `${this.mailOrigin()}${LINK_PAGE.invitation}#${token}` }
              : {
                  link: `${this.mailOrigin()}${SIGN_IN_PAGE}`,
                  provider: this.config.singleSignOn.providerName,
                }),
          }),
    );
    return { ...made, delivery: 'email', sentTo: email };
  }

  /**
   * A link for a person (`404` for none) to choose a new password; changes nothing until used.
   * E-mailed with a mail server unless `shown` (the first run's `admin@localhost` has no mailbox).
   */
  async resetLink(
    personId: number,
    actor: Actor,
    origin: string,
    { shown = false }: { shown?: boolean } = {},
  ): Promise<PasswordResetLink> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = now + RESET_LINK_TTL_MS;
    const person = await this.writer.transaction(async (tx) => {
      const person = await this.people.findIn(tx, personId);
      if (!person || person.deactivatedAt !== null) throw ApiException.of(PROBLEMS.personNotFound);
      // A newer reset link ends every earlier one (docs/staff/sign-in.md).
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
      return person;
    });
    const made = { personId, expiresAt: iso(expiresAt) };
    if (!this.mail.enabled || shown)
      return { ...made, delivery: 'shown', link: `${origin}${LINK_PAGE.reset}#${token}` };
    const account = await this.accounts.find(person.accountId);
    await this.mail.send(
      resetMail({
        to: person.email,
        account: account?.name ?? `account ${person.accountId}`,
        link: `${this.mailOrigin()}${LINK_PAGE.reset}#${token}`,
        expiresAt: made.expiresAt,
      }),
    );
    return { ...made, delivery: 'email', sentTo: person.email };
  }

  /** Where links in mail point: always `PUBLIC_URL` (never a request's Host, which anyone sets). */
  private mailOrigin(): string {
    const publicUrl = this.config.mail?.publicUrl;
    if (publicUrl === undefined) throw new Error('Mail is on without PUBLIC_URL');
    return new URL(publicUrl).origin;
  }

  /** Who invited, as an email says it: the person's name, the account's, or staff. */
  private async nameOf(actor: Actor): Promise<string> {
    if (typeof actor === 'string') return PRODUCT_STAFF;
    if ('personId' in actor) {
      const person = await this.people.find(actor.personId);
      if (person) return person.name;
    }
    return (await this.accounts.find(actor.accountId))?.name ?? PRODUCT_STAFF;
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
