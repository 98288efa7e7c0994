/**
 * The passkeys tables (docs/staff/sign-in.md): a person's WebAuthn credentials, the challenges in force
 * (by their hash, deleted when answered), a person's WebAuthn user id, and what removing a password
 * or a passkey reads and writes of the person.
 */
import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database.js';
import { listedBelow } from '../../database/list-order.js';
import type { WriteTx } from '../../database/writer.js';

/** A passkey as stored. Times are Unix milliseconds. */
export interface PasskeyRecord {
  id: number;
  personId: number;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  /** JSON array of the transports the browser named. */
  transports: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** A passkey with what signing in needs of its person. */
export interface PasskeyWithPerson extends PasskeyRecord {
  accountId: number;
  deactivatedAt: number | null;
  userId: string | null;
}

export type ChallengePurpose = 'add' | 'sign_in';

const PASSKEY = [
  'passkeys.id',
  'passkeys.person_id as personId',
  'passkeys.credential_id as credentialId',
  'passkeys.public_key as publicKey',
  'passkeys.counter',
  'passkeys.transports',
  'passkeys.name',
  'passkeys.created_at as createdAt',
  'passkeys.last_used_at as lastUsedAt',
] as const;

@Injectable()
export class PasskeysRepository {
  private readonly statements;

  constructor(private readonly database: Database) {
    const listed = listedBelow(database.engine);
    this.statements = {
      page: database.statement((db, p: { personId: number; afterId: number; limit: number }) => {
        let query = db
          .selectFrom('passkeys')
          .select(PASSKEY)
          .where('person_id', '=', p.personId)
          .where('id', '>', p.afterId);
        // On PostgreSQL, only passkeys below the first not yet listed (docs/team/guarantees.md).
        if (listed) query = query.where('id', '<', listed);
        return query.orderBy('id').limit(p.limit);
      }),
      allOf: database.statement((db, p: { personId: number }) =>
        db.selectFrom('passkeys').select(PASSKEY).where('person_id', '=', p.personId),
      ),
      countOf: database.statement((db, p: { personId: number }) =>
        db
          .selectFrom('passkeys')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('person_id', '=', p.personId),
      ),
      ownById: database.statement((db, p: { id: number; personId: number }) =>
        db
          .selectFrom('passkeys')
          .select(PASSKEY)
          .where('id', '=', p.id)
          .where('person_id', '=', p.personId),
      ),
      byCredentialId: database.statement((db, p: { credentialId: string }) =>
        db
          .selectFrom('passkeys')
          .innerJoin('people', 'people.id', 'passkeys.person_id')
          .select(PASSKEY)
          .select([
            'people.account_id as accountId',
            'people.deactivated_at as deactivatedAt',
            'people.passkey_user_id as userId',
          ])
          .where('passkeys.credential_id', '=', p.credentialId),
      ),
      insert: database.statement((db, p: Omit<PasskeyRecord, 'id' | 'lastUsedAt'>) =>
        db
          .insertInto('passkeys')
          .values({
            person_id: p.personId,
            credential_id: p.credentialId,
            public_key: p.publicKey,
            counter: p.counter,
            transports: p.transports,
            name: p.name,
            created_at: p.createdAt,
          })
          .returning('id'),
      ),
      remove: database.statement((db, p: { id: number }) =>
        db.deleteFrom('passkeys').where('id', '=', p.id),
      ),
      used: database.statement((db, p: { id: number; counter: number; at: number }) =>
        db
          .updateTable('passkeys')
          .set({ counter: p.counter, last_used_at: p.at })
          .where('id', '=', p.id),
      ),
      insertChallenge: database.statement(
        (
          db,
          p: {
            hash: string;
            purpose: ChallengePurpose;
            personId: number | null;
            expiresAt: number;
          },
        ) =>
          db.insertInto('passkey_challenges').values({
            hash: p.hash,
            purpose: p.purpose,
            person_id: p.personId,
            expires_at: p.expiresAt,
          }),
      ),
      dropExpired: database.statement((db, p: { now: number }) =>
        db.deleteFrom('passkey_challenges').where('expires_at', '<=', p.now),
      ),
      take: database.statement((db, p: { hash: string; purpose: ChallengePurpose }) =>
        db
          .deleteFrom('passkey_challenges')
          .where('hash', '=', p.hash)
          .where('purpose', '=', p.purpose)
          .returning(['person_id as personId', 'expires_at as expiresAt']),
      ),
      person: database.statement((db, p: { id: number }) =>
        db
          .selectFrom('people')
          .select([
            'id',
            'email',
            'name',
            'password_hash as passwordHash',
            'passkey_user_id as userId',
          ])
          .where('id', '=', p.id),
      ),
      setUserId: database.statement((db, p: { id: number; userId: string }) =>
        db
          .updateTable('people')
          .set({ passkey_user_id: p.userId })
          .where('id', '=', p.id)
          .where('passkey_user_id', 'is', null),
      ),
      removePassword: database.statement((db, p: { id: number; at: number }) =>
        db
          .updateTable('people')
          .set({ password_hash: null, password_changed_at: p.at })
          .where('id', '=', p.id)
          .where('password_hash', 'is not', null),
      ),
    };
  }

  /** Up to `limit` of a person's passkeys after `afterId`, in ascending id. */
  page(personId: number, afterId: number, limit: number): Promise<PasskeyRecord[]> {
    return this.database.all(this.statements.page, { personId, afterId, limit });
  }

  /** A person's passkeys (at most PASSKEYS_MAX), for the credentials a new one may not repeat. */
  allOf(personId: number): Promise<PasskeyRecord[]> {
    return this.database.all(this.statements.allOf, { personId });
  }

  async byCredentialId(credentialId: string): Promise<PasskeyWithPerson | null> {
    return (await this.database.first(this.statements.byCredentialId, { credentialId })) ?? null;
  }

  /** The same, read in the transaction (after the passkey's lock). */
  async byCredentialIdIn(tx: WriteTx, credentialId: string): Promise<PasskeyWithPerson | null> {
    return (await tx.all(this.statements.byCredentialId, { credentialId }))[0] ?? null;
  }

  async countIn(tx: WriteTx, personId: number): Promise<number> {
    const [row] = await tx.all(this.statements.countOf, { personId });
    return row?.count ?? 0;
  }

  async ownIn(tx: WriteTx, id: number, personId: number): Promise<PasskeyRecord | null> {
    return (await tx.all(this.statements.ownById, { id, personId }))[0] ?? null;
  }

  async insert(tx: WriteTx, passkey: Omit<PasskeyRecord, 'id' | 'lastUsedAt'>): Promise<number> {
    const [row] = await tx.all(this.statements.insert, passkey);
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row.id;
  }

  async remove(tx: WriteTx, id: number): Promise<void> {
    await tx.run(this.statements.remove, { id });
  }

  /** Records a sign-in: the counter the authenticator gave and when. */
  async used(tx: WriteTx, id: number, counter: number, at: number): Promise<void> {
    await tx.run(this.statements.used, { id, counter, at });
  }

  /** Stores a challenge's hash, dropping those past their time. */
  async addChallenge(
    tx: WriteTx,
    challenge: { hash: string; purpose: ChallengePurpose; personId: number | null },
    now: number,
    expiresAt: number,
  ): Promise<void> {
    await tx.run(this.statements.dropExpired, { now });
    await tx.run(this.statements.insertChallenge, { ...challenge, expiresAt });
  }

  /**
   * Takes a challenge for `purpose` (deletes it, so it is answered once): the person it was for
   * (`null` for signing in), or `undefined` when there is none in force.
   */
  async takeChallenge(
    tx: WriteTx,
    hash: string,
    purpose: ChallengePurpose,
    now: number,
  ): Promise<{ personId: number | null } | undefined> {
    const [row] = await tx.all(this.statements.take, { hash, purpose });
    if (!row || row.expiresAt <= now) return undefined;
    return { personId: row.personId };
  }

  async person(id: number) {
    return (await this.database.first(this.statements.person, { id })) ?? null;
  }

  async personIn(tx: WriteTx, id: number) {
    return (await tx.all(this.statements.person, { id }))[0] ?? null;
  }

  async setUserId(tx: WriteTx, id: number, userId: string): Promise<void> {
    await tx.run(this.statements.setUserId, { id, userId });
  }

  /** Removes a person's password; resolves with whether they had one. */
  async removePassword(tx: WriteTx, id: number, at: number): Promise<boolean> {
    return (await tx.run(this.statements.removePassword, { id, at })) === 1;
  }
}
