/**
 * The one-time links' table: invitations and password resets, kept by the hash of their secret,
 * with when they expire and when they were used.
 */
import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database.js';
import type { WriteTx } from '../../database/writer.js';

/** A one-time link as stored: by the SHA-256 of its secret, which only the link holds. */
export interface LinkRecord {
  id: number;
  kind: 'invitation' | 'reset';
  accountId: number;
  email: string;
  /** A reset's person; an invitation's once accepted. */
  personId: number | null;
  /** Unix milliseconds, as are the others. */
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  /** When it was ended unused: revoked, or superseded (docs/staff/sign-in.md). */
  endedAt: number | null;
}

/** An invitation not yet accepted, ended or past its time, with who made it. */
export interface OpenInvitationRecord {
  id: number;
  accountId: number;
  email: string;
  createdAt: number;
  expiresAt: number;
  createdByPersonId: number | null;
}

const LINK = [
  'id',
  'kind',
  'account_id as accountId',
  'email',
  'person_id as personId',
  'created_at as createdAt',
  'expires_at as expiresAt',
  'used_at as usedAt',
  'ended_at as endedAt',
] as const;

const OPEN_INVITATION = [
  'id',
  'account_id as accountId',
  'email',
  'created_at as createdAt',
  'expires_at as expiresAt',
  'created_by_person_id as createdByPersonId',
] as const;

@Injectable()
export class LinksRepository {
  private readonly statements;

  constructor(private readonly database: Database) {
    this.statements = {
      byHash: database.statement((db, p: { hash: string; kind: LinkRecord['kind'] }) =>
        db
          .selectFrom('person_links')
          .select(LINK)
          .where('hash', '=', p.hash)
          .where('kind', '=', p.kind),
      ),
      insert: database.statement(
        (
          db,
          p: Omit<LinkRecord, 'id' | 'usedAt' | 'endedAt'> & {
            hash: string;
            createdByAccountId: number | null;
            createdByPersonId: number | null;
          },
        ) =>
          db
            .insertInto('person_links')
            .values({
              kind: p.kind,
              hash: p.hash,
              account_id: p.accountId,
              email: p.email,
              person_id: p.personId,
              created_by_account_id: p.createdByAccountId,
              created_by_person_id: p.createdByPersonId,
              created_at: p.createdAt,
              expires_at: p.expiresAt,
            })
            .returning('id'),
      ),
      // Emails are ASCII (the contract's Email), so lower() folds them as emailKey() does.
      openInvitation: database.statement((db, p: { emailKey: string; now: number }) =>
        db
          .selectFrom('person_links')
          .select(LINK)
          .where('kind', '=', 'invitation')
          .where('used_at', 'is', null)
          .where('ended_at', 'is', null)
          .where('expires_at', '>', p.now)
          .where((eb) => eb(eb.fn('lower', ['email']), '=', p.emailKey))
          .orderBy('id', 'desc')
          .limit(1),
      ),
      openInvitationTo: database.statement(
        (db, p: { emailKey: string; now: number; accountId: number }) =>
          db
            .selectFrom('person_links')
            .select(LINK)
            .where('kind', '=', 'invitation')
            .where('account_id', '=', p.accountId)
            .where('used_at', 'is', null)
            .where('expires_at', '>', p.now)
            .where((eb) => eb(eb.fn('lower', ['email']), '=', p.emailKey))
            .orderBy('id', 'desc')
            .limit(1),
      ),
      use: database.statement((db, p: { id: number; at: number; personId: number }) =>
        db
          .updateTable('person_links')
          .set({ used_at: p.at, person_id: p.personId })
          .where('id', '=', p.id)
          .where('used_at', 'is', null),
      ),
      openInvitations: database.statement(
        (db, p: { accountId: number; afterId: number; limit: number; now: number }) =>
          db
            .selectFrom('person_links')
            .select(OPEN_INVITATION)
            .where('kind', '=', 'invitation')
            .where('account_id', '=', p.accountId)
            .where('used_at', 'is', null)
            .where('ended_at', 'is', null)
            .where('expires_at', '>', p.now)
            .where('id', '>', p.afterId)
            .orderBy('id')
            .limit(p.limit),
      ),
      openInvitationById: database.statement((db, p: { id: number; now: number }) =>
        db
          .selectFrom('person_links')
          .select(OPEN_INVITATION)
          .where('kind', '=', 'invitation')
          .where('id', '=', p.id)
          .where('used_at', 'is', null)
          .where('ended_at', 'is', null)
          .where('expires_at', '>', p.now),
      ),
      openInvitationsMadeBy: database.statement((db, p: { personId: number; now: number }) =>
        db
          .selectFrom('person_links')
          .select(OPEN_INVITATION)
          .where('kind', '=', 'invitation')
          .where('created_by_person_id', '=', p.personId)
          .where('used_at', 'is', null)
          .where('ended_at', 'is', null)
          .where('expires_at', '>', p.now)
          .orderBy('id'),
      ),
      // Also brings expires_at down to now: the previous release, which knows no ended_at, refuses
      // the link as past its time.
      end: database.statement((db, p: { id: number; at: number }) =>
        db
          .updateTable('person_links')
          .set({ ended_at: p.at, expires_at: p.at })
          .where('id', '=', p.id)
          .where('used_at', 'is', null)
          .where('ended_at', 'is', null),
      ),
      endResets: database.statement((db, p: { personId: number; at: number }) =>
        db
          .updateTable('person_links')
          .set({ ended_at: p.at, expires_at: p.at })
          .where('kind', '=', 'reset')
          .where('person_id', '=', p.personId)
          .where('used_at', 'is', null)
          .where('ended_at', 'is', null)
          .where('expires_at', '>', p.at),
      ),
    };
  }

  /** The link of this kind with this secret's hash, as the transaction sees it. */
  async find(tx: WriteTx, hash: string, kind: LinkRecord['kind']): Promise<LinkRecord | null> {
    return (await tx.all(this.statements.byHash, { hash, kind }))[0] ?? null;
  }

  /**
   * The newest invitation for this email (`emailKey`) that is unused and in time, as the
   * transaction sees it: single sign-on takes it as accepting it would.
   */
  async openInvitation(tx: WriteTx, emailKey: string, now: number): Promise<LinkRecord | null> {
    return (await tx.all(this.statements.openInvitation, { emailKey, now }))[0] ?? null;
  }

  /** {@link openInvitation}, of one account only: single sign-on takes only its account's. */
  async openInvitationTo(
    tx: WriteTx,
    emailKey: string,
    now: number,
    accountId: number,
  ): Promise<LinkRecord | null> {
    return (
      (await tx.all(this.statements.openInvitationTo, { emailKey, now, accountId }))[0] ?? null
    );
  }

  async insert(
    tx: WriteTx,
    link: Omit<LinkRecord, 'id' | 'usedAt' | 'endedAt'> & {
      hash: string;
      createdByAccountId: number | null;
      createdByPersonId: number | null;
    },
  ): Promise<number> {
    const [row] = await tx.all(this.statements.insert, link);
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row.id;
  }

  /** Up to `limit` of an account's open invitations after `afterId`, in ascending id. */
  openInvitations(
    accountId: number,
    afterId: number,
    limit: number,
    now: number,
  ): Promise<OpenInvitationRecord[]> {
    return this.database.all(this.statements.openInvitations, { accountId, afterId, limit, now });
  }

  /** The open invitation with this id, as the transaction sees it. */
  async openInvitationById(
    tx: WriteTx,
    id: number,
    now: number,
  ): Promise<OpenInvitationRecord | null> {
    return (await tx.all(this.statements.openInvitationById, { id, now }))[0] ?? null;
  }

  /** The open invitations a person made, as the transaction sees them. */
  openInvitationsMadeBy(
    tx: WriteTx,
    personId: number,
    now: number,
  ): Promise<OpenInvitationRecord[]> {
    return tx.all(this.statements.openInvitationsMadeBy, { personId, now });
  }

  /** Ends a link unused; resolves with whether it was neither used nor ended. */
  async end(tx: WriteTx, id: number, at: number): Promise<boolean> {
    return (await tx.run(this.statements.end, { id, at })) === 1;
  }

  /** Ends every open reset link of a person; resolves with how many. */
  endResets(tx: WriteTx, personId: number, at: number): Promise<number> {
    return tx.run(this.statements.endResets, { personId, at });
  }

  /** Marks a link used (by its person); resolves with whether it had not been. */
  async use(tx: WriteTx, id: number, at: number, personId: number): Promise<boolean> {
    return (await tx.run(this.statements.use, { id, at, personId })) === 1;
  }
}
