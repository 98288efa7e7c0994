/**
 * The people table: a person of an account, their email (unique in any case), their password's
 * hash, and whether they were deactivated.
 */
import { Injectable } from '@nestjs/common';
import type { Plan, Role } from '@pets/contract';
import { Database } from '../database/database.js';
import { listedBelow } from '../database/list-order.js';
import type { WriteTx } from '../database/writer.js';

/** A person as stored (docs/staff/sign-in.md). Times are Unix milliseconds. */
export interface PersonRecord {
  id: number;
  accountId: number;
  /** As they gave it; compared in lower case (`emailKey`). */
  email: string;
  name: string;
  createdAt: number;
  deactivatedAt: number | null;
}

/** What signing in needs: the person, their password's hash, and their account's role. */
export interface SignInRecord extends PersonRecord {
  passwordHash: string | null;
  role: Role;
  plan: Plan;
}

/** What an email is compared by: one form for the same address written in other cases. */
export const emailKey = (email: string): string => email.normalize('NFC').toLowerCase();

const PERSON = [
  'people.id',
  'people.account_id as accountId',
  'people.email',
  'people.name',
  'people.created_at as createdAt',
  'people.deactivated_at as deactivatedAt',
] as const;

@Injectable()
export class PeopleRepository {
  private readonly statements;

  constructor(private readonly database: Database) {
    const listed = listedBelow(database.engine);
    this.statements = {
      page: database.statement((db, p: { accountId: number; afterId: number; limit: number }) => {
        let query = db
          .selectFrom('people')
          .select(PERSON)
          .where('people.account_id', '=', p.accountId)
          .where('people.id', '>', p.afterId);
        // On PostgreSQL, only people below the first not yet listed (docs/team/guarantees.md).
        if (listed) query = query.where('people.id', '<', listed);
        return query.orderBy('people.id').limit(p.limit);
      }),
      deactivate: database.statement((db, p: { id: number; at: number }) =>
        db
          .updateTable('people')
          .set({ deactivated_at: p.at })
          .where('id', '=', p.id)
          .where('deactivated_at', 'is', null),
      ),
      reactivate: database.statement((db, p: { id: number }) =>
        db
          .updateTable('people')
          .set({ deactivated_at: null })
          .where('id', '=', p.id)
          .where('deactivated_at', 'is not', null),
      ),
      roleOf: database.statement((db, p: { id: number }) =>
        db
          .selectFrom('people')
          .innerJoin('accounts', 'accounts.id', 'people.account_id')
          .select('accounts.role')
          .where('people.id', '=', p.id),
      ),
      otherActiveStaff: database.statement((db, p: { id: number }) =>
        db
          .selectFrom('people')
          .innerJoin('accounts', 'accounts.id', 'people.account_id')
          .select('people.id')
          .where('accounts.role', '=', 'staff')
          .where('people.deactivated_at', 'is', null)
          .where('people.id', '<>', p.id)
          .limit(1),
      ),
      passwordHashOf: database.statement((db, p: { id: number }) =>
        db.selectFrom('people').select('password_hash as passwordHash').where('id', '=', p.id),
      ),
      byId: database.statement((db, p: { id: number }) =>
        db.selectFrom('people').select(PERSON).where('people.id', '=', p.id),
      ),
      byEmail: database.statement((db, p: { emailKey: string }) =>
        db
          .selectFrom('people')
          .innerJoin('accounts', 'accounts.id', 'people.account_id')
          .select(PERSON)
          .select(['people.password_hash as passwordHash', 'accounts.role', 'accounts.plan'])
          .where('people.email_key', '=', p.emailKey),
      ),
      byEmailIn: database.statement((db, p: { emailKey: string }) =>
        db.selectFrom('people').select(PERSON).where('people.email_key', '=', p.emailKey),
      ),
      setPassword: database.statement((db, p: { id: number; hash: string; at: number }) =>
        db
          .updateTable('people')
          .set({ password_hash: p.hash, password_changed_at: p.at })
          .where('id', '=', p.id),
      ),
      insert: database.statement(
        (
          db,
          p: Omit<PersonRecord, 'id' | 'deactivatedAt'> & {
            emailKey: string;
            passwordHash: string | null;
            passwordChangedAt: number | null;
          },
        ) =>
          db
            .insertInto('people')
            .values({
              account_id: p.accountId,
              email: p.email,
              email_key: p.emailKey,
              name: p.name,
              password_hash: p.passwordHash,
              created_at: p.createdAt,
              password_changed_at: p.passwordChangedAt,
            })
            .returning('id'),
      ),
    };
  }

  /** Up to `limit` of an account's people after `afterId`, in ascending id. */
  page(accountId: number, afterId: number, limit: number): Promise<PersonRecord[]> {
    return this.database.all(this.statements.page, { accountId, afterId, limit });
  }

  /** Deactivates a person who is active; resolves with whether they were. */
  async deactivate(tx: WriteTx, id: number, at: number): Promise<boolean> {
    return (await tx.run(this.statements.deactivate, { id, at })) === 1;
  }

  /** Reactivates a deactivated person; resolves with whether they were deactivated. */
  async reactivate(tx: WriteTx, id: number): Promise<boolean> {
    return (await tx.run(this.statements.reactivate, { id })) === 1;
  }

  /** The role of a person's account, as the transaction sees it (`null`: no such person). */
  async roleOf(tx: WriteTx, id: number): Promise<Role | null> {
    return (await tx.all(this.statements.roleOf, { id }))[0]?.role ?? null;
  }

  /** Whether a staff account has an active person other than this one, as the transaction sees it. */
  async otherActiveStaff(tx: WriteTx, id: number): Promise<boolean> {
    return (await tx.all(this.statements.otherActiveStaff, { id })).length > 0;
  }

  /** A person's password hash (`null`: none chosen, or no such person). */
  async passwordHash(id: number): Promise<string | null> {
    return (
      (await this.database.first(this.statements.passwordHashOf, { id }))?.passwordHash ?? null
    );
  }

  async find(id: number): Promise<PersonRecord | null> {
    return (await this.database.first(this.statements.byId, { id })) ?? null;
  }

  /** The person with this email (in any case), for signing in. */
  async forSignIn(email: string): Promise<SignInRecord | null> {
    return (
      (await this.database.first(this.statements.byEmail, { emailKey: emailKey(email) })) ?? null
    );
  }

  /** The person with this email, as the transaction sees it. */
  async withEmail(tx: WriteTx, email: string): Promise<PersonRecord | null> {
    return (await tx.all(this.statements.byEmailIn, { emailKey: emailKey(email) }))[0] ?? null;
  }

  async findIn(tx: WriteTx, id: number): Promise<PersonRecord | null> {
    return (await tx.all(this.statements.byId, { id }))[0] ?? null;
  }

  async setPassword(tx: WriteTx, id: number, hash: string, at: number): Promise<void> {
    await tx.run(this.statements.setPassword, { id, hash, at });
  }

  async insert(
    tx: WriteTx,
    person: Omit<PersonRecord, 'id' | 'deactivatedAt'> & { passwordHash: string | null },
  ): Promise<PersonRecord> {
    const [row] = await tx.all(this.statements.insert, {
      ...person,
      emailKey: emailKey(person.email),
      passwordChangedAt: person.passwordHash === null ? null : person.createdAt,
    });
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return {
      id: row.id,
      accountId: person.accountId,
      email: person.email,
      name: person.name,
      createdAt: person.createdAt,
      deactivatedAt: null,
    };
  }
}
