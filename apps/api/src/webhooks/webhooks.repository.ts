/**
 * The webhook_endpoints table: an account's endpoints in pages and by id (deleted ones never),
 * counted against the cap, made, changed, given a new secret and deleted (the row kept without
 * its secrets, for the audit trail).
 */
import { Injectable } from '@nestjs/common';
import {
  EVENT_TYPES,
  type EventType,
  type WebhookDisabledReason,
  type WebhookStatus,
} from '@pets/contract';
import { Database } from '../database/database.js';
import { listedBelow } from '../database/list-order.js';
import type { WriteTx } from '../database/writer.js';

/** An endpoint as stored, its secrets sealed (`webhook-secrets.ts`). */
export interface EndpointRecord {
  id: number;
  accountId: number;
  url: string;
  events: EventType[];
  status: WebhookStatus;
  disabledReason: WebhookDisabledReason | null;
  secretCiphertext: string;
  secretPrefix: string;
  previousSecretCiphertext: string | null;
  /** Unix milliseconds, as is `createdAt`. */
  previousSecretExpiresAt: number | null;
  createdAt: number;
}

export type NewEndpointRecord = Omit<EndpointRecord, 'id'>;

const ENDPOINT = [
  'id',
  'account_id as accountId',
  'url',
  'events',
  'status',
  'disabled_reason as disabledReason',
  'secret_ciphertext as secretCiphertext',
  'secret_prefix as secretPrefix',
  'previous_secret_ciphertext as previousSecretCiphertext',
  'previous_secret_expires_at as previousSecretExpiresAt',
  'created_at as createdAt',
] as const;

type Row = Omit<EndpointRecord, 'events' | 'secretCiphertext'> & {
  events: string;
  secretCiphertext: string | null;
};

/** The types it takes that this release knows, in their order (a later release may know more). */
const eventsOf = (stored: string): EventType[] => {
  const named = JSON.parse(stored) as unknown[];
  return EVENT_TYPES.filter((type) => named.includes(type));
};

const toRecord = (row: Row): EndpointRecord => ({
  ...row,
  events: eventsOf(row.events),
  // Only deleted endpoints have none, and no read here returns them.
  secretCiphertext: row.secretCiphertext ?? '',
});

@Injectable()
export class WebhooksRepository {
  private readonly statements;

  constructor(private readonly database: Database) {
    const listed = listedBelow(database.engine);
    this.statements = {
      account: database.statement((db, p: { id: number }) =>
        db.selectFrom('accounts').select('id').where('id', '=', p.id),
      ),
      page: database.statement((db, p: { accountId: number; afterId: number; limit: number }) => {
        let query = db
          .selectFrom('webhook_endpoints')
          .select(ENDPOINT)
          .where('account_id', '=', p.accountId)
          .where('deleted_at', 'is', null)
          .where('id', '>', p.afterId);
        // On PostgreSQL, only endpoints below the first not yet listed (docs/team/guarantees.md).
        if (listed) query = query.where('id', '<', listed);
        return query.orderBy('id').limit(p.limit);
      }),
      byId: database.statement((db, p: { accountId: number; id: number }) =>
        db
          .selectFrom('webhook_endpoints')
          .select(ENDPOINT)
          .where('id', '=', p.id)
          .where('account_id', '=', p.accountId)
          .where('deleted_at', 'is', null),
      ),
      count: database.statement((db, p: { accountId: number }) =>
        db
          .selectFrom('webhook_endpoints')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('account_id', '=', p.accountId)
          .where('deleted_at', 'is', null),
      ),
      insert: database.statement((db, p: NewEndpointRecord & { eventsJson: string }) =>
        db
          .insertInto('webhook_endpoints')
          .values({
            account_id: p.accountId,
            url: p.url,
            events: p.eventsJson,
            status: p.status,
            disabled_reason: p.disabledReason,
            secret_ciphertext: p.secretCiphertext,
            secret_prefix: p.secretPrefix,
            previous_secret_ciphertext: p.previousSecretCiphertext,
            previous_secret_expires_at: p.previousSecretExpiresAt,
            created_at: p.createdAt,
          })
          .returning('id'),
      ),
      update: database.statement(
        (
          db,
          p: {
            id: number;
            url: string;
            events: string;
            status: WebhookStatus;
            disabledReason: WebhookDisabledReason | null;
          },
        ) =>
          db
            .updateTable('webhook_endpoints')
            .set({
              url: p.url,
              events: p.events,
              status: p.status,
              disabled_reason: p.disabledReason,
            })
            .where('id', '=', p.id),
      ),
      roll: database.statement(
        (
          db,
          p: {
            id: number;
            secretCiphertext: string;
            secretPrefix: string;
            previousSecretCiphertext: string;
            previousSecretExpiresAt: number;
          },
        ) =>
          db
            .updateTable('webhook_endpoints')
            .set({
              secret_ciphertext: p.secretCiphertext,
              secret_prefix: p.secretPrefix,
              previous_secret_ciphertext: p.previousSecretCiphertext,
              previous_secret_expires_at: p.previousSecretExpiresAt,
            })
            .where('id', '=', p.id),
      ),
      remove: database.statement((db, p: { id: number; at: number }) =>
        db
          .updateTable('webhook_endpoints')
          .set({
            deleted_at: p.at,
            secret_ciphertext: null,
            previous_secret_ciphertext: null,
            previous_secret_expires_at: null,
          })
          .where('id', '=', p.id),
      ),
    };
  }

  async accountExists(id: number): Promise<boolean> {
    return (await this.database.first(this.statements.account, { id })) !== undefined;
  }

  /**
   * Up to `limit` of an account's endpoints after `afterId`, in ascending id. On SQLite ids are
   * handed out in commit order; on PostgreSQL a page stops below the first id not yet listed.
   */
  async page(accountId: number, afterId: number, limit: number): Promise<EndpointRecord[]> {
    return (await this.database.all(this.statements.page, { accountId, afterId, limit })).map(
      toRecord,
    );
  }

  async find(accountId: number, id: number): Promise<EndpointRecord | undefined> {
    const row = await this.database.first(this.statements.byId, { accountId, id });
    return row && toRecord(row);
  }

  /** The endpoint as the transaction sees it (its row locked by the caller). */
  async findIn(tx: WriteTx, accountId: number, id: number): Promise<EndpointRecord | undefined> {
    const [row] = await tx.all(this.statements.byId, { accountId, id });
    return row && toRecord(row);
  }

  /** How many endpoints (not deleted) the account has, as the transaction sees it. */
  async count(tx: WriteTx, accountId: number): Promise<number> {
    const [row] = await tx.all(this.statements.count, { accountId });
    // PostgreSQL's count is a bigint, which the driver gives as a string.
    return Number(row?.n ?? 0);
  }

  /** The new endpoint's id. */
  async insert(tx: WriteTx, endpoint: NewEndpointRecord): Promise<number> {
    const [row] = await tx.all(this.statements.insert, {
      ...endpoint,
      eventsJson: JSON.stringify(endpoint.events),
    });
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row.id;
  }

  async update(
    tx: WriteTx,
    endpoint: Pick<EndpointRecord, 'id' | 'url' | 'events' | 'status' | 'disabledReason'>,
  ): Promise<void> {
    await tx.run(this.statements.update, { ...endpoint, events: JSON.stringify(endpoint.events) });
  }

  async roll(
    tx: WriteTx,
    change: {
      id: number;
      secretCiphertext: string;
      secretPrefix: string;
      previousSecretCiphertext: string;
      previousSecretExpiresAt: number;
    },
  ): Promise<void> {
    await tx.run(this.statements.roll, change);
  }

  /** Deleted for good: gone from every read, its secrets forgotten. */
  async remove(tx: WriteTx, id: number, at: number): Promise<void> {
    await tx.run(this.statements.remove, { id, at });
  }
}
