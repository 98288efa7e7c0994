/** Reads and writes the api_keys table: each query one statement for SQLite and PostgreSQL. */
import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database.js';
import type { WriteTx } from '../../database/writer.js';
import type { AccountRecord } from '../accounts.repository.js';

/** An API key as stored. Only the SHA-256 of the key is kept; the key is shown once, at creation. */
export interface ApiKeyRecord {
  id: number;
  accountId: number;
  label: string;
  /** The first characters of the key, so people can tell their keys apart. */
  prefix: string;
  /** SHA-256 of the whole key, hex. */
  hash: string;
  /** Unix milliseconds, as are the two below. */
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  /** The person who made it (their name below); with `createdByKeyId`, both null: the command-line tool. */
  createdByPersonId: number | null;
  createdByName: string | null;
  /** The key that made it. */
  createdByKeyId: number | null;
}

/** Who makes a key, as stored: a person, a key, or neither (the command-line tool). */
export interface KeyMakerIds {
  createdByPersonId: number | null;
  createdByKeyId: number | null;
}

export type NewKeyRecord = Pick<
  ApiKeyRecord,
  'accountId' | 'label' | 'prefix' | 'hash' | 'createdAt'
> &
  KeyMakerIds;

/** A key with what authentication needs of its account. */
export type KeyWithAccount = ApiKeyRecord &
  Pick<AccountRecord, 'role' | 'plan' | 'limitPerMinute' | 'limitPerDay'>;

const KEY = [
  'api_keys.id',
  'api_keys.account_id as accountId',
  'api_keys.label',
  'api_keys.prefix',
  'api_keys.hash',
  'api_keys.created_at as createdAt',
  'api_keys.last_used_at as lastUsedAt',
  'api_keys.revoked_at as revokedAt',
  'api_keys.created_by_person_id as createdByPersonId',
  'api_keys.created_by_key_id as createdByKeyId',
  'maker.name as createdByName',
] as const;

@Injectable()
export class ApiKeysRepository {
  private readonly statements;

  constructor(private readonly database: Database) {
    this.statements = {
      list: database.statement((db) =>
        db
          .selectFrom('api_keys')
          .leftJoin('people as maker', 'maker.id', 'api_keys.created_by_person_id')
          .select(KEY)
          .orderBy('api_keys.id'),
      ),
      listOf: database.statement((db, p: { accountId: number }) =>
        db
          .selectFrom('api_keys')
          .leftJoin('people as maker', 'maker.id', 'api_keys.created_by_person_id')
          .select(KEY)
          .where('api_keys.account_id', '=', p.accountId)
          .orderBy('api_keys.id'),
      ),
      page: database.statement((db, p: { accountId: number; afterId: number; limit: number }) =>
        db
          .selectFrom('api_keys')
          .leftJoin('people as maker', 'maker.id', 'api_keys.created_by_person_id')
          .select(KEY)
          .where('api_keys.account_id', '=', p.accountId)
          .where('api_keys.id', '>', p.afterId)
          .orderBy('api_keys.id')
          .limit(p.limit),
      ),
      liveOf: database.statement((db, p: { accountId: number }) =>
        db
          .selectFrom('api_keys')
          .leftJoin('people as maker', 'maker.id', 'api_keys.created_by_person_id')
          .select(KEY)
          .where('api_keys.account_id', '=', p.accountId)
          .where('api_keys.revoked_at', 'is', null)
          .orderBy('api_keys.id'),
      ),
      countLive: database.statement((db, p: { accountId: number }) =>
        db
          .selectFrom('api_keys')
          .select((eb) => eb.fn.countAll<number | string>().as('live'))
          .where('api_keys.account_id', '=', p.accountId)
          .where('revoked_at', 'is', null),
      ),
      byId: database.statement((db, p: { id: number }) =>
        db
          .selectFrom('api_keys')
          .leftJoin('people as maker', 'maker.id', 'api_keys.created_by_person_id')
          .select(KEY)
          .where('api_keys.id', '=', p.id),
      ),
      byHash: database.statement((db, p: { hash: string }) =>
        db
          .selectFrom('api_keys')
          .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
          .leftJoin('people as maker', 'maker.id', 'api_keys.created_by_person_id')
          .select(KEY)
          .select([
            'accounts.role',
            'accounts.plan',
            'accounts.limit_per_minute as limitPerMinute',
            'accounts.limit_per_day as limitPerDay',
          ])
          .where('api_keys.hash', '=', p.hash),
      ),
      insert: database.statement((db, p: NewKeyRecord) =>
        db
          .insertInto('api_keys')
          .values({
            account_id: p.accountId,
            label: p.label,
            prefix: p.prefix,
            hash: p.hash,
            created_at: p.createdAt,
            created_by_person_id: p.createdByPersonId,
            created_by_key_id: p.createdByKeyId,
          })
          .returning('id'),
      ),
      liveMadeBy: database.statement((db, p: { personId: number }) =>
        db
          .selectFrom('api_keys')
          .select(['id', 'hash'])
          .where('created_by_person_id', '=', p.personId)
          .where('revoked_at', 'is', null)
          .orderBy('id'),
      ),
      revoke: database.statement((db, p: { id: number; at: number }) =>
        db
          .updateTable('api_keys')
          .set({ revoked_at: p.at })
          .where('id', '=', p.id)
          .where('revoked_at', 'is', null),
      ),
      touch: database.statement((db, p: { id: number; at: number }) =>
        db.updateTable('api_keys').set({ last_used_at: p.at }).where('id', '=', p.id),
      ),
    };
  }

  /** Every key, or one account's, in order of creation. */
  list(accountId?: number): Promise<ApiKeyRecord[]> {
    return accountId === undefined
      ? this.database.all(this.statements.list, {})
      : this.database.all(this.statements.listOf, { accountId });
  }

  /**
   * Up to `limit` of an account's keys after `afterId`, in ascending id. Its keys are made one at a
   * time under the account's lock (`ApiKeysService.create`), so their ids increase in the order
   * they commit: a page never passes over a key that commits later (docs/team/guarantees.md).
   */
  page(accountId: number, afterId: number, limit: number): Promise<ApiKeyRecord[]> {
    return this.database.all(this.statements.page, { accountId, afterId, limit });
  }

  /** An account's live (unrevoked) keys, in order of creation. */
  live(accountId: number): Promise<ApiKeyRecord[]> {
    return this.database.all(this.statements.liveOf, { accountId });
  }

  /** How many live keys the account has, as the transaction sees it. */
  async countLive(tx: WriteTx, accountId: number): Promise<number> {
    const [row] = await tx.all(this.statements.countLive, { accountId });
    // PostgreSQL's count is a bigint, which the driver gives as a string.
    return Number(row?.live ?? 0);
  }

  async find(id: number): Promise<ApiKeyRecord | null> {
    return (await this.database.first(this.statements.byId, { id })) ?? null;
  }

  /** The key with this hash and its account's role and limits, revoked or not. */
  findByHash(hash: string): Promise<KeyWithAccount | undefined> {
    return this.database.first(this.statements.byHash, { hash });
  }

  /** The new key's id. */
  async insert(tx: WriteTx, key: NewKeyRecord): Promise<number> {
    const [row] = await tx.all(this.statements.insert, key);
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row.id;
  }

  /** The live keys a person made, as the transaction sees them: their ids and hashes. */
  liveMadeBy(tx: WriteTx, personId: number): Promise<{ id: number; hash: string }[]> {
    return tx.all(this.statements.liveMadeBy, { personId });
  }

  /** Marks the key revoked at `at`, unless it already was; resolves with whether it did. */
  async revoke(tx: WriteTx, id: number, at: number): Promise<boolean> {
    return (await tx.run(this.statements.revoke, { id, at })) === 1;
  }

  async touch(tx: WriteTx, id: number, at: number): Promise<void> {
    await tx.run(this.statements.touch, { id, at });
  }
}
