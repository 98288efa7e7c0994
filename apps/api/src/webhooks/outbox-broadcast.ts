/**
 * With Redis (REDIS_URL), every instance's delivery worker hears of the events any instance
 * commits (decisions §22): an instance that commits events publishes one message on a channel, for
 * the commits of `BROADCAST_DELAY_MS` together, and every instance that delivers listens on it and
 * wakes its worker. A message lost (Redis away, a reconnection) only delays: the workers still look
 * every `WEBHOOK_POLL_MS`. Nothing waits on Redis: a commit is answered whatever becomes of it.
 */
import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Redis } from 'ioredis';
import { OutboxSignal } from '../audit/outbox-signal.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/**
 * The channel on which an instance tells the others that it committed events, one per Redis
 * database (`REDIS_URL`'s number, 0 by default): channels are shared by a server's databases, and
 * the instances of a deployment share its database, as they do its counters.
 */
export const outboxChannel = (redis: Redis): string =>
  `pets:outbox:${String(redis.options.db ?? 0)}`;

/**
 * How long after a commit the others are told: the commits of that moment share one message, so
 * a busy instance sends a few dozen a second at most, whatever its rate of changes.
 */
export const BROADCAST_DELAY_MS = 20;

/**
 * A connection of the broadcast's own. What is sent while it first connects waits for it; what
 * waits when a connection attempt fails is dropped (`maxRetriesPerRequest: 0`), so nothing piles
 * up while Redis is away.
 */
function connect(url: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on('error', () => {
    // ioredis keeps reconnecting; meanwhile the workers find events at their next look.
  });
  return redis;
}

@Injectable()
export class OutboxBroadcast implements OnApplicationBootstrap, OnApplicationShutdown {
  /** Who this instance is on the channel: its own messages wake nothing more. */
  private readonly self = randomUUID();
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;
  /** The message of the commits of the last `BROADCAST_DELAY_MS`, waiting to be sent. */
  private pending: NodeJS.Timeout | undefined;
  private channel = '';
  private closed = false;

  constructor(
    private readonly outbox: OutboxSignal,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const url = this.config.redisUrl;
    if (url === undefined) return;
    this.publisher = connect(url);
    this.channel = outboxChannel(this.publisher);
    this.outbox.relayWith(this.publish);
    // Only an instance that delivers listens.
    if (!this.config.webhooks.deliver) return;
    const subscriber = connect(url);
    // At every (re)connection: a subscription lost while Redis was away is made again.
    subscriber.on('ready', () => {
      subscriber.subscribe(this.channel).catch(() => undefined);
    });
    subscriber.on('message', (_channel: string, from: string) => {
      if (from !== this.self) this.outbox.heard();
    });
    this.subscriber = subscriber;
  }

  /** After a commit that wrote events: one message, `BROADCAST_DELAY_MS` later, for all of them. */
  private readonly publish = (): void => {
    if (this.pending !== undefined || this.closed) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      this.publisher?.publish(this.channel, this.self).catch(() => undefined);
    }, BROADCAST_DELAY_MS);
    this.pending.unref();
  };

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.outbox.relayWith(undefined);
    clearTimeout(this.pending);
    const connections = [this.publisher, this.subscriber].filter((redis) => redis !== undefined);
    this.publisher = undefined;
    this.subscriber = undefined;
    await Promise.all(
      connections.map(async (redis) => {
        await redis.quit().catch(() => {
          redis.disconnect();
        });
      }),
    );
  }
}
