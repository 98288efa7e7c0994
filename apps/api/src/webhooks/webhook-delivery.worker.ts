/**
 * The delivery worker (decisions §22), on every instance: it hands out new events to the endpoints
 * that are to hear them, claims due deliveries, sends each (at most `DELIVERIES_AT_ONCE` at a time,
 * each within 10 s), logs the attempt and moves the delivery on: done on a 2xx, tried again on the
 * schedule otherwise, given up after 3 days. An endpoint that answers `410 Gone`, or has failed for
 * 3 days, is disabled. An instance is told when a commit of its own wrote events, or made a
 * delivery due (`OutboxSignal`), and with Redis when another instance's did (`OutboxBroadcast`),
 * and starts a round at once; it looks for the rest (retries coming due, a message lost) every
 * `WEBHOOK_POLL_MS`.
 *
 * At least once: a delivery is claimed for `CLAIM_MS` (longer than an attempt can take) before it
 * is sent, and let go when its attempt is logged. An instance that dies between the two leaves the
 * claim to run out: another instance, or this one restarted, sends the delivery again, with the
 * same `webhook-id`. No two instances hold one delivery at once. A resend during an attempt keeps
 * the delivery held: the attempt is logged but moves it on no more, and lets it go (due again).
 */
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { OutboxSignal } from '../audit/outbox-signal.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { CLOCK, type Clock } from '../config/clock.js';
import { Writer } from '../database/writer.js';
import { HOST_RESOLVER, type HostResolver } from './address-policy.js';
import { failedTooLong, nextAttemptAt } from './retry-schedule.js';
import { SecretBox } from './webhook-secrets.js';
import { type AttemptOutcome, sendMessage } from './webhook-sender.js';
import {
  CLAIM_MS,
  type ClaimedDelivery,
  type Listener,
  type NewDelivery,
  type OutboxEvent,
  WebhookDeliveriesRepository,
} from './webhook-deliveries.repository.js';

export { CLAIM_MS };

/** How many deliveries one instance sends at once. */
export const DELIVERIES_AT_ONCE = 8;
/**
 * How long after a commit that wrote events a round starts: the commits of that moment share it.
 * At once, a round a commit made creates cost a fifth more CPU on SQLite under load (the bench's
 * create row, 349 µs against 286); a delivery waits this much longer.
 */
export const WAKE_DELAY_MS = 20;
/** Events handed out per transaction. */
const DISPATCH_BATCH = 200;

/** The `webhook-id` of an event's deliveries: the same for every endpoint and every attempt. */
export const messageIdOf = (eventId: number): string => `evt_${eventId}`;

/** Whether an endpoint hears this event: of a type it takes, and one its account may read. */
function hears(listener: Listener, event: OutboxEvent, types: ReadonlySet<string>): boolean {
  // What happened before the endpoint was made is not sent to it (the feed has it).
  if (!types.has(event.type) || event.createdAt < listener.createdAt) return false;
  return (
    event.accountId === null || listener.role === 'staff' || event.accountId === listener.accountId
  );
}

@Injectable()
export class WebhookDeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WebhookDeliveryWorker');
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly inFlight = new Set<Promise<void>>();
  private running: Promise<void> | undefined;
  /** Whether the worker runs its own rounds (not when tests run them by hand). */
  private looping = false;
  /** Whether the last claim took all the room it had: more may be due than was taken. */
  private backlog = false;
  /** Whether an attempt ended while a round was under way: one more round follows it. */
  private again = false;
  /** Whether events were committed since the last round began: it may not have seen them. */
  private woken = false;
  /** The round a commit asked for, `WAKE_DELAY_MS` after it. */
  private wakeTimer: NodeJS.Timeout | undefined;
  /** Opens the endpoints' secrets; none without `WEBHOOK_SECRETS_KEY` (nothing is delivered). */
  private readonly secrets: SecretBox | undefined;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly writer: Writer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(HOST_RESOLVER) private readonly resolve: HostResolver,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly outbox: OutboxSignal,
  ) {
    const key = config.webhooks.secretsKey;
    this.secrets = key === undefined ? undefined : new SecretBox(key);
  }

  onApplicationBootstrap(): void {
    if (!this.config.webhooks.deliver || this.secrets === undefined) return;
    this.looping = true;
    this.outbox.listen(this.wake);
    const tick = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        void this.startRound()
          .catch((error: unknown) => {
            this.logger.warn(`webhook delivery round failed: ${String(error)}`);
          })
          .finally(tick);
      }, this.config.webhooks.pollMs);
      this.timer.unref();
    };
    tick();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.outbox.listen(undefined);
    clearTimeout(this.wakeTimer);
    clearTimeout(this.timer);
    await this.running;
    await Promise.all(this.inFlight);
  }

  /** One round, resolved when its attempts (and any others in flight) are logged: for tests. */
  async runOnce(): Promise<void> {
    await this.startRound();
    await Promise.all(this.inFlight);
  }

  /**
   * One round: new events handed out, then due deliveries claimed into the room left (up to
   * `DELIVERIES_AT_ONCE` in flight) and sent; resolves once they are sent off, not answered. The
   * next round (at the next poll, or as soon as an attempt ends while there is a backlog) fills
   * what the answered ones left: an endpoint that answers slowly (up to `DELIVERY_TIMEOUT_MS`)
   * holds its own attempts' places, never the other endpoints'.
   */
  private startRound(): Promise<void> {
    this.running ??= this.round().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.next();
      }
    });
    return this.running;
  }

  /**
   * After a commit that wrote events (`OutboxSignal`): a round `WAKE_DELAY_MS` later, so a change
   * is delivered within milliseconds rather than at the next poll. The commits of those
   * milliseconds share the round; those that come while a round is under way bring one more round
   * after it, however many they are.
   */
  private readonly wake = (): void => {
    if (this.stopped || this.wakeTimer !== undefined) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = undefined;
      this.woken = true;
      this.next();
    }, WAKE_DELAY_MS);
    this.wakeTimer.unref();
  };

  /**
   * After an attempt: while there is a backlog, its place is filled at once rather than at the next
   * poll, so an instance sends as fast as its endpoints answer (`DELIVERIES_AT_ONCE` at a time), not
   * `DELIVERIES_AT_ONCE` a poll. While a round is under way (it may have counted its room before
   * this attempt ended, or read the outbox before the events that woke it), another follows it.
   */
  private next(): void {
    if (!this.looping || this.stopped || !(this.backlog || this.woken)) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.startRound().catch((error: unknown) => {
      this.logger.warn(`webhook delivery round failed: ${String(error)}`);
    });
  }

  private async round(): Promise<void> {
    // Before the outbox is read: what it reads includes every commit that woke the worker so far.
    this.woken = false;
    if (this.secrets === undefined) return;
    const work = await this.deliveries.work(this.clock.now());
    let due = work.due;
    if (work.undispatched)
      for (;;) {
        const { read, added } = await this.dispatch();
        if (added > 0) due = true;
        // A full batch: more may wait.
        if (read < DISPATCH_BATCH) break;
      }
    // Nothing due, and nothing handed out that is: no claim to make (events no endpoint hears).
    if (!due) {
      this.backlog = false;
      return;
    }
    const room = DELIVERIES_AT_ONCE - this.inFlight.size;
    if (room <= 0) return;
    const now = this.clock.now();
    const until = now + CLAIM_MS;
    const ids = await this.writer.transaction((tx) =>
      this.deliveries.claimDue(tx, now, until, room),
    );
    this.backlog = ids.length === room;
    for (const id of ids) {
      const attempt = this.attempt(id, until)
        .catch((error: unknown) => {
          // Its claim runs out and the delivery is sent again (at least once).
          this.logger.warn(`webhook delivery ${id} failed: ${String(error)}`);
        })
        .finally(() => {
          this.inFlight.delete(attempt);
          this.next();
        });
      this.inFlight.add(attempt);
    }
  }

  /**
   * Hands out the events after the last one handed out; resolves with how many it read, and how
   * many deliveries it added.
   */
  private dispatch(): Promise<{ read: number; added: number }> {
    return this.writer.transaction(async (tx) => {
      const last = await this.deliveries.dispatched(tx);
      if (last === undefined) return { read: 0, added: 0 };
      const events = await this.deliveries.eventsAfter(tx, last, DISPATCH_BATCH);
      if (events.length === 0) return { read: 0, added: 0 };
      const listeners = (await this.deliveries.listeners(tx)).map((listener) => ({
        listener,
        types: new Set(JSON.parse(listener.events) as string[]),
      }));
      const now = this.clock.now();
      const made: Omit<NewDelivery, 'createdAt'>[] = [];
      for (const event of events) {
        const body = bodyOf(event);
        for (const { listener, types } of listeners)
          if (hears(listener, event, types))
            made.push({
              endpointId: listener.id,
              messageId: messageIdOf(event.id),
              eventId: event.id,
              eventType: event.type,
              body,
            });
      }
      await this.deliveries.insertAll(tx, now, made);
      await this.deliveries.setDispatched(tx, events.at(-1)?.id ?? last);
      return { read: events.length, added: made.length };
    });
  }

  /** Sends one delivery claimed until `claimedUntil` and logs what came of it. */
  private async attempt(id: number, claimedUntil: number): Promise<void> {
    const delivery = await this.writer.transaction((tx) => this.deliveries.claimed(tx, id));
    if (!delivery) return;
    const started = this.clock.now();
    const outcome: AttemptOutcome = await sendMessage(
      {
        url: delivery.url,
        id: delivery.messageId,
        // The wall clock's time, whatever the app's clock says: the receiver checks it against
        // its own (within 5 minutes) to refuse a replayed delivery.
        timestamp: new Date(),
        body: delivery.body,
        secrets: this.secretsOf(delivery, started),
      },
      this.resolve,
      this.config.webhooks.allowPrivate,
    );
    await this.log(delivery, claimedUntil, started, outcome);
  }

  /** The endpoint's secret, and the rolled-out one while it still signs. */
  private secretsOf(delivery: ClaimedDelivery, at: number): string[] {
    const box = this.secrets as SecretBox;
    const secrets = [box.open(delivery.secretCiphertext ?? '')];
    if (
      delivery.previousSecretCiphertext !== null &&
      delivery.previousSecretExpiresAt !== null &&
      at < delivery.previousSecretExpiresAt
    )
      secrets.push(box.open(delivery.previousSecretCiphertext));
    return secrets;
  }

  private log(
    delivery: ClaimedDelivery,
    claimedUntil: number,
    at: number,
    outcome: AttemptOutcome,
  ): Promise<void> {
    return this.writer.transaction(async (tx) => {
      const attempts = delivery.attempts + 1;
      const firstAttemptAt = delivery.firstAttemptAt ?? at;
      const gone = outcome.responseStatus === 410;
      const next =
        outcome.succeeded || gone ? undefined : nextAttemptAt(firstAttemptAt, attempts, at);
      await this.deliveries.record(
        tx,
        {
          deliveryId: delivery.id,
          endpointId: delivery.endpointId,
          attemptedAt: at,
          durationMs: Math.round(outcome.durationMs),
          responseStatus: outcome.responseStatus,
          responseExcerpt: outcome.responseExcerpt,
          error: outcome.error,
          succeeded: outcome.succeeded,
        },
        {
          status: outcome.succeeded ? 'succeeded' : next === undefined ? 'failed' : 'pending',
          attempts,
          firstAttemptAt,
          nextAttemptAt: next ?? null,
        },
        claimedUntil,
      );
      if (outcome.succeeded) {
        if (delivery.failingSince !== null)
          await this.deliveries.setFailingSince(tx, delivery.endpointId, null);
        return;
      }
      if (gone) {
        await this.deliveries.disable(tx, delivery.endpointId, 'gone');
        return;
      }
      if (delivery.failingSince === null)
        await this.deliveries.setFailingSince(tx, delivery.endpointId, at);
      else if (failedTooLong(delivery.failingSince, at))
        await this.deliveries.disable(tx, delivery.endpointId, 'failing');
    });
  }
}

/** What is POSTed: the event as `GET /v1/events` lists it. */
export function bodyOf(event: OutboxEvent): string {
  // The stored `data` is already JSON: spliced in, not parsed and written again.
  return `{"id":${event.id},"type":${JSON.stringify(event.type)},"createdAt":${JSON.stringify(new Date(event.createdAt).toISOString())},"data":${event.data}}`;
}
