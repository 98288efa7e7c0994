/**
 * The idempotency records' table: one record per account and key, with the request's hash and the
 * first response.
 */
import { Injectable } from '@nestjs/common';
import { Database } from '../database/database.js';
import type { WriteTx } from '../database/writer.js';

export interface IdempotencyRecord {
  requestHash: string;
  /** The first response's body, as JSON. */
  responseBody: string;
  /** Unix milliseconds. */
  createdAt: number;
}

/** The idempotency_keys table: one record per account and key. */
@Injectable()
export class IdempotencyStore {
  private readonly statements;

  constructor(private readonly database: Database) {
    this.statements = {
      find: database.statement((db, p: { accountId: number; key: string }) =>
        db
          .selectFrom('idempotency_keys')
          .select([
            'request_hash as requestHash',
            'response_body as responseBody',
            'created_at as createdAt',
          ])
          .where('account_id', '=', p.accountId)
          .where('key', '=', p.key),
      ),
      insert: database.statement((db, p: IdempotencyRecord & { accountId: number; key: string }) =>
        db.insertInto('idempotency_keys').values({
          account_id: p.accountId,
          key: p.key,
          request_hash: p.requestHash,
          response_body: p.responseBody,
          created_at: p.createdAt,
        }),
      ),
      deleteOne: database.statement(
        (db, p: { accountId: number; key: string; createdBefore: number }) =>
          db
            .deleteFrom('idempotency_keys')
            .where('account_id', '=', p.accountId)
            .where('key', '=', p.key)
            .where('created_at', '<=', p.createdBefore),
      ),
      purge: database.statement((db, p: { createdBefore: number }) =>
        db.deleteFrom('idempotency_keys').where('created_at', '<=', p.createdBefore),
      ),
    };
  }

  find(accountId: number, key: string): Promise<IdempotencyRecord | undefined> {
    return this.database.first(this.statements.find, { accountId, key });
  }

  /** Within the transaction that makes what the record describes. */
  async insert(
    tx: WriteTx,
    accountId: number,
    key: string,
    record: IdempotencyRecord,
  ): Promise<void> {
    await tx.run(this.statements.insert, { ...record, accountId, key });
  }

  /** Deletes one account's record under `key` if it was made at or before `createdBefore`. */
  async deleteExpired(
    tx: WriteTx,
    accountId: number,
    key: string,
    createdBefore: number,
  ): Promise<void> {
    await tx.run(this.statements.deleteOne, { accountId, key, createdBefore });
  }

  /** Deletes every record made at or before `createdBefore`; resolves with how many. */
  purge(tx: WriteTx, createdBefore: number): Promise<number> {
    return tx.run(this.statements.purge, { createdBefore });
  }
}
