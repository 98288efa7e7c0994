/**
 * The delivery tables (WebhookDeliveries1795307300000): events handed out to the endpoints that are
 * to hear them, deliveries claimed by one instance at a time (on PostgreSQL with `FOR UPDATE SKIP
 * LOCKED`, so two instances never take the same one; SQLite has one writer), each attempt logged
 * and the delivery moved on (done, tried again later, or given up), and an endpoint's failures.
 */
import { Injectable } from '@nestjs/common';
import type { EventType, Role } from '@pets/contract';
import { Database } from '../database/database.js';
import { listedBelow } from '../database/list-order.js';
import type { WriteTx } from '../database/writer.js';

/** An event as the dispatcher hands it out. */
export interface OutboxEvent {
  id: number;
  type: EventType;
  createdAt: number;
  /** Who may read it beside staff: null, every account. */
  accountId: number | null;
  /** The event's `data`, as JSON. */
  data: string;
}

/** An endpoint that hears events, with what it may see. */
export interface Listener {
  id: number;
  accountId: number;
  role: Role;
  /** JSON: the event types it takes. */
  events: string;
  /** It hears the events made from then on. */
  createdAt: number;
}

/** A new delivery of one message to one endpoint. */
export interface NewDelivery {
  endpointId: number;
  messageId: string;
  eventId: number | null;
  eventType: string;
  body: string;
  createdAt: number;
}

/** A delivery claimed for an attempt, with what sending it needs. */
export interface ClaimedDelivery {
  id: number;
  endpointId: number;
  messageId: string;
  body: string;
  createdAt: number;
  attempts: number;
  firstAttemptAt: number | null;
  url: string;
  secretCiphertext: string | null;
  previousSecretCiphertext: string | null;
  previousSecretExpiresAt: number | null;
  failingSince: number | null;
  status: string;
}

/** One attempt as the log keeps it. */
export interface AttemptRecord {
  deliveryId: number;
  endpointId: number;
  attemptedAt: number;
  durationMs: number;
  responseStatus: number | null;
  responseExcerpt: string | null;
  error: string | null;
  succeeded: boolean;
}

@Injectable()
export class WebhookDeliveriesRepository {
  /** The statements (public so tests can check their plans). */
  readonly statements;

  constructor(private readonly database: Database) {
    const postgres = database.engine === 'postgres';
    const listed = listedBelow(database.engine);
    this.statements = {
      // The last event handed out; on PostgreSQL the row is held, or skipped while another
      // instance holds it (that instance dispatches this round).
      dispatched: database.statement((db, _p: Record<string, never>) => {
        const query = db
          .selectFrom('webhook_dispatch')
          .select('last_event_id as lastEventId')
          .where('id', '=', 1);
        return postgres ? query.forUpdate().skipLocked() : query;
      }),
      // Whether there is work, read without a write transaction: an event not yet handed out, or
      // a delivery due (an idle instance asks this a few times a second, and nothing more).
      work: database.statement((db, p: { now: number }) =>
        db
          .selectFrom('webhook_dispatch as w')
          .select((eb) => [
            // Only while some endpoint listens: with none, nothing is written at all.
            eb
              .and([
                eb.exists(
                  eb
                    .selectFrom('events as e')
                    .select('e.id')
                    .whereRef('e.id', '>', 'w.last_event_id'),
                ),
                eb.exists(
                  eb
                    .selectFrom('webhook_endpoints as l')
                    .select('l.id')
                    .where('l.deleted_at', 'is', null)
                    .where('l.status', '=', 'enabled'),
                ),
              ])
              .as('undispatched'),
            eb
              .exists(
                eb
                  .selectFrom('webhook_deliveries as d')
                  .select('d.id')
                  .where('d.status', '=', 'pending')
                  .where('d.next_attempt_at', '<=', p.now),
              )
              .as('due'),
          ])
          .where('w.id', '=', 1),
      ),
      setDispatched: database.statement((db, p: { lastEventId: number }) =>
        db
          .updateTable('webhook_dispatch')
          .set({ last_event_id: p.lastEventId })
          .where('id', '=', 1),
      ),
      // Events after the last handed out, only below the first not yet listed on PostgreSQL: one
      // that commits later never has a lower id than one handed out (docs/team/guarantees.md).
      eventsAfter: database.statement((db, p: { afterId: number; limit: number }) => {
        let query = db
          .selectFrom('events')
          .select(['id', 'type', 'created_at as createdAt', 'account_id as accountId', 'data'])
          .where('id', '>', p.afterId);
        if (listed) query = query.where('id', '<', listed);
        return query.orderBy('id').limit(p.limit);
      }),
      listeners: database.statement((db, _p: Record<string, never>) =>
        db
          .selectFrom('webhook_endpoints as w')
          .innerJoin('accounts as a', 'a.id', 'w.account_id')
          .select([
            'w.id',
            'w.account_id as accountId',
            'a.role',
            'w.events',
            'w.created_at as createdAt',
          ])
          .where('w.deleted_at', 'is', null)
          .where('w.status', '=', 'enabled'),
      ),
      insert: database.statement((db, p: NewDelivery) =>
        db.insertInto('webhook_deliveries').values({
          endpoint_id: p.endpointId,
          message_id: p.messageId,
          event_id: p.eventId,
          event_type: p.eventType,
          body: p.body,
          created_at: p.createdAt,
          status: 'pending',
          attempts: 0,
          first_attempt_at: null,
          next_attempt_at: p.createdAt,
          claimed_until: null,
        }),
      ),
      // What is due and not held by an instance, oldest due first; held by this transaction on
      // PostgreSQL, others' held rows skipped.
      // A disabled or deleted endpoint's deliveries wait (until it is enabled again).
      due: database.statement((db, p: { now: number; limit: number }) => {
        const query = db
          .selectFrom('webhook_deliveries as d')
          .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
          .select('d.id')
          .where('d.status', '=', 'pending')
          .where('d.next_attempt_at', '<=', p.now)
          .where((eb) =>
            eb.or([eb('d.claimed_until', 'is', null), eb('d.claimed_until', '<', p.now)]),
          )
          .where('w.status', '=', 'enabled')
          .where('w.deleted_at', 'is', null)
          .orderBy('d.next_attempt_at')
          .limit(p.limit);
        return postgres ? query.forUpdate(['d']).skipLocked() : query;
      }),
      claim: database.statement((db, p: { id: number; until: number }) =>
        db.updateTable('webhook_deliveries').set({ claimed_until: p.until }).where('id', '=', p.id),
      ),
      claimed: database.statement((db, p: { id: number }) =>
        db
          .selectFrom('webhook_deliveries as d')
          .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
          .select([
            'd.id',
            'd.endpoint_id as endpointId',
            'd.message_id as messageId',
            'd.body',
            'd.created_at as createdAt',
            'd.attempts',
            'd.first_attempt_at as firstAttemptAt',
            'w.url',
            'w.secret_ciphertext as secretCiphertext',
            'w.previous_secret_ciphertext as previousSecretCiphertext',
            'w.previous_secret_expires_at as previousSecretExpiresAt',
            'w.failing_since as failingSince',
            'w.status',
          ])
          .where('d.id', '=', p.id),
      ),
      // `succeeded` as 1 or 0: a value given at run time (the builder sees only a placeholder).
      logAttempt: database.statement(
        (db, p: Omit<AttemptRecord, 'succeeded'> & { succeeded: number }) =>
          db.insertInto('webhook_attempts').values({
            delivery_id: p.deliveryId,
            endpoint_id: p.endpointId,
            attempted_at: p.attemptedAt,
            duration_ms: p.durationMs,
            response_status: p.responseStatus,
            response_excerpt: p.responseExcerpt,
            error: p.error,
            succeeded: p.succeeded,
          }),
      ),
      // The delivery after an attempt: done, or its next try; let go either way.
      moveOn: database.statement(
        (
          db,
          p: {
            id: number;
            status: 'pending' | 'succeeded' | 'failed';
            attempts: number;
            firstAttemptAt: number;
            nextAttemptAt: number | null;
          },
        ) =>
          db
            .updateTable('webhook_deliveries')
            .set({
              status: p.status,
              attempts: p.attempts,
              first_attempt_at: p.firstAttemptAt,
              next_attempt_at: p.nextAttemptAt,
              claimed_until: null,
            })
            .where('id', '=', p.id),
      ),
      failingSince: database.statement((db, p: { id: number; since: number | null }) =>
        db.updateTable('webhook_endpoints').set({ failing_since: p.since }).where('id', '=', p.id),
      ),
      disable: database.statement((db, p: { id: number; reason: 'failing' | 'gone' }) =>
        db
          .updateTable('webhook_endpoints')
          .set({ status: 'disabled', disabled_reason: p.reason })
          .where('id', '=', p.id)
          .where('status', '=', 'enabled'),
      ),
    };
  }

  /** Whether an event waits to be handed out, and whether a delivery is due at `now`. */
  async work(now: number): Promise<{ undispatched: boolean; due: boolean }> {
    const [row] = await this.database.all(this.statements.work, { now });
    // SQLite gives EXISTS as 1/0, PostgreSQL as true/false.
    const yes = (value: unknown) => value === true || value === 1;
    return { undispatched: yes(row?.undispatched), due: yes(row?.due) };
  }

  /** The last event handed out, its row held; `undefined` while another instance holds it. */
  async dispatched(tx: WriteTx): Promise<number | undefined> {
    const [row] = await tx.all(this.statements.dispatched, {});
    return row?.lastEventId;
  }

  setDispatched(tx: WriteTx, lastEventId: number): Promise<number> {
    return tx.run(this.statements.setDispatched, { lastEventId });
  }

  eventsAfter(tx: WriteTx, afterId: number, limit: number): Promise<OutboxEvent[]> {
    return tx.all(this.statements.eventsAfter, { afterId, limit });
  }

  listeners(tx: WriteTx): Promise<Listener[]> {
    return tx.all(this.statements.listeners, {});
  }

  insert(tx: WriteTx, delivery: NewDelivery): Promise<number> {
    return tx.run(this.statements.insert, delivery);
  }

  /** Claims up to `limit` due deliveries until `until`; resolves with their ids. */
  async claimDue(tx: WriteTx, now: number, until: number, limit: number): Promise<number[]> {
    const rows = await tx.all(this.statements.due, { now, limit });
    for (const { id } of rows) await tx.run(this.statements.claim, { id, until });
    return rows.map(({ id }) => id);
  }

  async claimed(tx: WriteTx, id: number): Promise<ClaimedDelivery | undefined> {
    const [row] = await tx.all(this.statements.claimed, { id });
    return row;
  }

  async record(
    tx: WriteTx,
    attempt: AttemptRecord,
    next: {
      status: 'pending' | 'succeeded' | 'failed';
      attempts: number;
      firstAttemptAt: number;
      nextAttemptAt: number | null;
    },
  ): Promise<void> {
    await tx.run(this.statements.logAttempt, { ...attempt, succeeded: attempt.succeeded ? 1 : 0 });
    await tx.run(this.statements.moveOn, { id: attempt.deliveryId, ...next });
  }

  setFailingSince(tx: WriteTx, endpointId: number, since: number | null): Promise<number> {
    return tx.run(this.statements.failingSince, { id: endpointId, since });
  }

  disable(tx: WriteTx, endpointId: number, reason: 'failing' | 'gone'): Promise<number> {
    return tx.run(this.statements.disable, { id: endpointId, reason });
  }
}
