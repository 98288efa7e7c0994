/** Reads and writes the api_keys table: each query one statement for SQLite and PostgreSQL. */
import { Injectable } from '@nestjs/common';
import { Database } from '../database/database.js';
import type { WriteTx } from '../database/writer.js';
import type { AccountRecord } from './accounts.repository.js';

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
}

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
] as const;

/** The api_keys table. */
@Injectable()
export class ApiKeysRepository {
  private readonly statements;

  constructor(private readonly database: Database) {
    this.statements = {
      list: database.statement((db) => db.selectFrom('api_keys').select(KEY).orderBy('id')),
      listOf: database.statement((db, p: { accountId: number }) =>
        db.selectFrom('api_keys').select(KEY).where('account_id', '=', p.accountId).orderBy('id'),
      ),
      page: database.statement((db, p: { accountId: number; afterId: number; limit: number }) =>
        db
          .selectFrom('api_keys')
          .select(KEY)
          .where('account_id', '=', p.accountId)
          .where('id', '>', p.afterId)
          .orderBy('id')
          .limit(p.limit),
      ),
      liveOf: database.statement((db, p: { accountId: number }) =>
        db
          .selectFrom('api_keys')
          .select(KEY)
          .where('account_id', '=', p.accountId)
          .where('revoked_at', 'is', null)
          .orderBy('id'),
      ),
      countLive: database.statement((db, p: { accountId: number }) =>
        db
          .selectFrom('api_keys')
          .select((eb) => eb.fn.countAll<number | string>().as('live'))
          .where('account_id', '=', p.accountId)
          .where('revoked_at', 'is', null),
      ),
      byId: database.statement((db, p: { id: number }) =>
        db.selectFrom('api_keys').select(KEY).where('id', '=', p.id),
      ),
      byHash: database.statement((db, p: { hash: string }) =>
        db
          .selectFrom('api_keys')
          .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
          .select(KEY)
          .select([
            'accounts.role',
            'accounts.plan',
            'accounts.limit_per_minute as limitPerMinute',
            'accounts.limit_per_day as limitPerDay',
          ])
          .where('api_keys.hash', '=', p.hash),
      ),
      insert: database.statement((db, p: Omit<ApiKeyRecord, 'id' | 'lastUsedAt' | 'revokedAt'>) =>
        db
          .insertInto('api_keys')
          .values({
            account_id: p.accountId,
            label: p.label,
            prefix: p.prefix,
            hash: p.hash,
            created_at: p.createdAt,
          })
          .returning('id'),
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
   * they commit: a page never passes over a key that commits later (README: Lists never skip).
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

  async insert(
    tx: WriteTx,
    key: Omit<ApiKeyRecord, 'id' | 'lastUsedAt' | 'revokedAt'>,
  ): Promise<ApiKeyRecord> {
    const [row] = await tx.all(this.statements.insert, key);
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return { id: row.id, ...key, lastUsedAt: null, revokedAt: null };
  }

  /** Marks the key revoked at `at`, unless it already was; resolves with whether it did. */
  async revoke(tx: WriteTx, id: number, at: number): Promise<boolean> {
    return (await tx.run(this.statements.revoke, { id, at })) === 1;
  }

  async touch(tx: WriteTx, id: number, at: number): Promise<void> {
    await tx.run(this.statements.touch, { id, at });
  }
}
