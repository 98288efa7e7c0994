/**
 * The delivery tables (WebhookDeliveries1795307300000): events handed out to the endpoints that are
 * to hear them, deliveries claimed by one instance at a time (on PostgreSQL with `FOR UPDATE SKIP
 * LOCKED`, so two instances never take the same one; SQLite has one writer), each attempt logged
 * and the delivery moved on (done, tried again later, or given up) while its claim still holds, and
 * an endpoint's failures; for the account, an endpoint's attempts newest first, a delivery sent
 * again, and a test event made and handed to one endpoint.
 */
import { Injectable } from '@nestjs/common';
import type { EventType, Role } from '@pets/contract';
import { sql } from 'kysely';
import { Database } from '../database/database.js';
import { listedBelow } from '../database/list-order.js';
import type { WriteTx } from '../database/writer.js';

/** How long an instance holds a delivery it sends: longer than an attempt (10 s) with its logging. */
export const CLAIM_MS = 60_000;

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

/** A delivery as its account sees it. */
export interface DeliveryRecord {
  id: number;
  eventId: number | null;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  nextAttemptAt: number | null;
}

/** An attempt as an endpoint's log lists it, with its delivery's event and its place among them. */
export interface ListedAttempt {
  id: number;
  deliveryId: number;
  eventId: number | null;
  eventType: string;
  /** Counted by each engine in its own type (PostgreSQL's bigint as text); never null in fact. */
  attempt: number | string | null;
  attemptedAt: number;
  succeeded: boolean | number;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  responseExcerpt: string | null;
}

/** What a delivery becomes after an attempt. */
export interface NextStep {
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  firstAttemptAt: number;
  nextAttemptAt: number | null;
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

/** The most deliveries one PostgreSQL statement inserts (`insertAll`). */
export const INSERT_MANY_ROWS = 1_000;

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
            // What `due` would claim: none of a disabled endpoint's, none another attempt holds.
            eb
              .exists(
                eb
                  .selectFrom('webhook_deliveries as d')
                  .innerJoin('webhook_endpoints as x', 'x.id', 'd.endpoint_id')
                  .select('d.id')
                  .where('d.status', '=', 'pending')
                  .where('d.next_attempt_at', '<=', p.now)
                  .where((eb) =>
                    eb.or([eb('d.claimed_until', 'is', null), eb('d.claimed_until', '<', p.now)]),
                  )
                  .where('x.status', '=', 'enabled')
                  .where('x.deleted_at', 'is', null),
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
      // While no endpoint listens, past every event listed so far (never back): the first endpoint
      // to listen, made or enabled, hears only what comes after it, and no round reads the events
      // of the quiet time one batch at a time to hand out none of them.
      passUnheard: database.statement((db, _p: Record<string, never>) => {
        let newest = db.selectFrom('events').select((eb) => eb.fn.max('id').as('id'));
        if (listed) newest = newest.where('id', '<', listed);
        const larger = sql.raw(postgres ? 'greatest' : 'max');
        return db
          .updateTable('webhook_dispatch')
          .set({ last_event_id: sql<number>`${larger}(last_event_id, coalesce((${newest}), 0))` })
          .where('id', '=', 1)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('webhook_endpoints as l')
                  .select('l.id')
                  .where('l.deleted_at', 'is', null)
                  .where('l.status', '=', 'enabled'),
              ),
            ),
          );
      }),
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
      // PostgreSQL: many deliveries in one statement, each column an array (`insertAll`).
      insertMany: database.statement(
        (
          db,
          p: {
            endpointIds: number[];
            messageIds: string[];
            eventIds: (number | null)[];
            eventTypes: string[];
            bodies: string[];
            createdAt: number;
          },
        ) =>
          db
            .insertInto('webhook_deliveries')
            .columns([
              'endpoint_id',
              'message_id',
              'event_id',
              'event_type',
              'body',
              'created_at',
              'status',
              'attempts',
              'first_attempt_at',
              'next_attempt_at',
              'claimed_until',
            ])
            .expression(
              sql`SELECT r.endpoint_id, r.message_id, r.event_id, r.event_type, r.body, ${p.createdAt}::bigint, 'pending', 0, NULL::bigint, ${p.createdAt}::bigint, NULL::bigint
                FROM unnest(${p.endpointIds}::bigint[], ${p.messageIds}::text[], ${p.eventIds}::bigint[], ${p.eventTypes}::text[], ${p.bodies}::text[])
                  AS r (endpoint_id, message_id, event_id, event_type, body)`,
            ),
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
      // The delivery after an attempt: done, or its next try; let go either way. Only while the
      // attempt's claim holds: a resend made meanwhile let it go, and is not undone.
      moveOn: database.statement((db, p: NextStep & { id: number; claimedUntil: number }) =>
        db
          .updateTable('webhook_deliveries')
          .set({
            status: p.status,
            attempts: p.attempts,
            first_attempt_at: p.firstAttemptAt,
            next_attempt_at: p.nextAttemptAt,
            claimed_until: null,
          })
          .where('id', '=', p.id)
          .where('claimed_until', '=', p.claimedUntil),
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
      // An endpoint's attempts below `beforeId`, newest first; on PostgreSQL only those below the
      // first not yet listed: a client paging down never passes over one that commits later.
      attempts: database.statement(
        (db, p: { endpointId: number; beforeId: number; limit: number }) => {
          let query = db
            .selectFrom('webhook_attempts as a')
            .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
            .select((eb) => [
              'a.id',
              'a.delivery_id as deliveryId',
              'd.event_id as eventId',
              'd.event_type as eventType',
              // Its place among its delivery's attempts, by the endpoint's index.
              eb
                .selectFrom('webhook_attempts as b')
                .select((inner) => inner.fn.countAll<number | string>().as('n'))
                .whereRef('b.endpoint_id', '=', 'a.endpoint_id')
                .whereRef('b.delivery_id', '=', 'a.delivery_id')
                .whereRef('b.id', '<=', 'a.id')
                .as('attempt'),
              'a.attempted_at as attemptedAt',
              'a.succeeded',
              'a.response_status as responseStatus',
              'a.error',
              'a.duration_ms as durationMs',
              'a.response_excerpt as responseExcerpt',
            ])
            .where('a.endpoint_id', '=', p.endpointId)
            .where('a.id', '<', p.beforeId);
          if (listed) query = query.where('a.id', '<', listed);
          return query.orderBy('a.id', 'desc').limit(p.limit);
        },
      ),
      delivery: database.statement((db, p: { id: number; endpointId: number }) =>
        db
          .selectFrom('webhook_deliveries')
          .select([
            'id',
            'event_id as eventId',
            'event_type as eventType',
            'status',
            'attempts',
            'next_attempt_at as nextAttemptAt',
          ])
          .where('id', '=', p.id)
          .where('endpoint_id', '=', p.endpointId),
      ),
      // Due now, its retries started over. Held by an instance sending it, it stays held, its
      // claim moved on by a millisecond: that attempt's result no longer moves it on, and it is
      // let go when that attempt is logged (`release`), never sent twice at once.
      resend: database.statement((db, p: { id: number; now: number }) =>
        db
          .updateTable('webhook_deliveries')
          .set((eb) => ({
            status: 'pending',
            attempts: 0,
            first_attempt_at: null,
            next_attempt_at: p.now,
            claimed_until: eb
              .case()
              .when('claimed_until', '>', p.now)
              .then(eb('claimed_until', '+', 1))
              .else(null)
              .end(),
          }))
          .where('id', '=', p.id),
      ),
      // A claim moved on by resends while its attempt was under way: any other instance's claim
      // is made after this one ran out, so ends at `heldBefore` or later.
      release: database.statement(
        (db, p: { id: number; claimedUntil: number; heldBefore: number }) =>
          db
            .updateTable('webhook_deliveries')
            .set({ claimed_until: null })
            .where('id', '=', p.id)
            .where('claimed_until', '>', p.claimedUntil)
            .where('claimed_until', '<', p.heldBefore),
      ),
      publish: database.statement(
        (db, p: { type: EventType; createdAt: number; accountId: number; data: string }) =>
          db
            .insertInto('events')
            .values({
              type: p.type,
              created_at: p.createdAt,
              account_id: p.accountId,
              data: p.data,
            })
            .returning('id'),
      ),
      add: database.statement((db, p: NewDelivery) =>
        db
          .insertInto('webhook_deliveries')
          .values({
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
          })
          .returning('id'),
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

  /**
   * Before an endpoint begins to listen (made, or enabled): if none listens yet, the events so far
   * are passed over, as no endpoint hears what happened before it listened. Call it before the
   * endpoint is written, in the same transaction.
   */
  passUnheard(tx: WriteTx): Promise<number> {
    return tx.run(this.statements.passUnheard, {});
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

  /**
   * Inserts deliveries made at one time (`createdAt`), in order. On PostgreSQL a statement takes
   * up to {@link INSERT_MANY_ROWS} of them, not one each: a batch of events handed out to many
   * endpoints is a few round trips, not thousands, so its transaction (which every write committed
   * meanwhile waits for, to be listed) stays short. On SQLite a statement costs no round trip.
   */
  async insertAll(
    tx: WriteTx,
    createdAt: number,
    deliveries: readonly Omit<NewDelivery, 'createdAt'>[],
  ): Promise<void> {
    if (this.database.engine !== 'postgres') {
      for (const delivery of deliveries)
        await tx.run(this.statements.insert, { ...delivery, createdAt });
      return;
    }
    for (let from = 0; from < deliveries.length; from += INSERT_MANY_ROWS) {
      const rows = deliveries.slice(from, from + INSERT_MANY_ROWS);
      await tx.run(this.statements.insertMany, {
        endpointIds: rows.map((row) => row.endpointId),
        messageIds: rows.map((row) => row.messageId),
        eventIds: rows.map((row) => row.eventId),
        eventTypes: rows.map((row) => row.eventType),
        bodies: rows.map((row) => row.body),
        createdAt,
      });
    }
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

  /**
   * Logs the attempt and moves its delivery on, if the claim it was made under (`claimedUntil`)
   * still holds; resolves with whether it did (not after a resend made while it was under way,
   * which it lets go then).
   */
  async record(
    tx: WriteTx,
    attempt: AttemptRecord,
    next: NextStep,
    claimedUntil: number,
  ): Promise<boolean> {
    await tx.run(this.statements.logAttempt, { ...attempt, succeeded: attempt.succeeded ? 1 : 0 });
    const moved = await tx.run(this.statements.moveOn, {
      id: attempt.deliveryId,
      ...next,
      claimedUntil,
    });
    if (moved > 0) return true;
    // Sent again while under way: due again, and free for the next round.
    await tx.run(this.statements.release, {
      id: attempt.deliveryId,
      claimedUntil,
      heldBefore: claimedUntil + CLAIM_MS,
    });
    return false;
  }

  setFailingSince(tx: WriteTx, endpointId: number, since: number | null): Promise<number> {
    return tx.run(this.statements.failingSince, { id: endpointId, since });
  }

  disable(tx: WriteTx, endpointId: number, reason: 'failing' | 'gone'): Promise<number> {
    return tx.run(this.statements.disable, { id: endpointId, reason });
  }

  /** Up to `limit` of the endpoint's attempts older than `beforeId` (any when undefined). */
  attempts(
    endpointId: number,
    beforeId: number | undefined,
    limit: number,
  ): Promise<ListedAttempt[]> {
    return this.database.all(this.statements.attempts, {
      endpointId,
      beforeId: beforeId ?? Number.MAX_SAFE_INTEGER,
      limit,
    });
  }

  /** The endpoint's delivery by its id, if it is the endpoint's. */
  async delivery(tx: WriteTx, endpointId: number, id: number): Promise<DeliveryRecord | undefined> {
    const [row] = await tx.all(this.statements.delivery, { id, endpointId });
    return row;
  }

  resend(tx: WriteTx, id: number, now: number): Promise<number> {
    return tx.run(this.statements.resend, { id, now });
  }

  /** Writes an event to the outbox for `accountId` (and staff) alone; resolves with its id. */
  async publish(
    tx: WriteTx,
    event: { type: EventType; createdAt: number; accountId: number; data: string },
  ): Promise<number> {
    const [row] = await tx.all(this.statements.publish, event);
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row.id;
  }

  /** A new delivery, due at once; resolves with its id. */
  async add(tx: WriteTx, delivery: NewDelivery): Promise<number> {
    const [row] = await tx.all(this.statements.add, delivery);
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row.id;
  }
}
