/**
 * The one-time links' table: invitations and password resets, kept by the hash of their secret,
 * with when they expire and when they were used.
 */
import { Injectable } from '@nestjs/common';
import { Database } from '../database/database.js';
import type { WriteTx } from '../database/writer.js';

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
] as const;

/** The person_links table: invitations and password resets. */
@Injectable()
export class LinksRepository {
  private readonly statements;

  constructor(database: Database) {
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
          p: Omit<LinkRecord, 'id' | 'usedAt'> & {
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
    link: Omit<LinkRecord, 'id' | 'usedAt'> & {
      hash: string;
      createdByAccountId: number | null;
      createdByPersonId: number | null;
    },
  ): Promise<number> {
    const [row] = await tx.all(this.statements.insert, link);
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row.id;
  }

  /** Marks a link used (by its person); resolves with whether it had not been. */
  async use(tx: WriteTx, id: number, at: number, personId: number): Promise<boolean> {
    return (await tx.run(this.statements.use, { id, at, personId })) === 1;
  }
}
