/**
 * Writes made exactly once per account and `Idempotency-Key`: a retry within 24 hours gets the
 * first answer, a different request under the same key `400 idempotency_key_reused`, and old
 * records are purged hourly.
 */
import { createHash } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { IDEMPOTENCY_WINDOW_HOURS, PROBLEMS } from '@pets/contract';
import { ApiException } from '../errors/api-exception.js';
import { CLOCK, type Clock } from '../config/clock.js';
import { isUniqueViolation } from '../errors/database-errors.js';
import { type WriteTx, Writer } from '../database/writer.js';
import { type IdempotencyRecord, IdempotencyStore } from './idempotency.store.js';

export const IDEMPOTENCY_WINDOW_MS = IDEMPOTENCY_WINDOW_HOURS * 60 * 60 * 1_000;
const PURGE_EVERY_MS = 60 * 60 * 1_000;

/** The request a key was first used for, as a SHA-256 (hex) of its normalised values. */
const hashOf = (request: unknown) =>
  createHash('sha256').update(JSON.stringify(request)).digest('hex');

/**
 * What the write makes and the key's record are one transaction, and the key is unique per account
 * in the database: a retry on any instance, even a concurrent one, gets the first response.
 */
@Injectable()
export class IdempotencyService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(IdempotencyService.name);
  private purgeTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: IdempotencyStore,
    private readonly writer: Writer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.purgeTimer = setInterval(() => {
      const before = this.clock.now() - IDEMPOTENCY_WINDOW_MS;
      this.writer
        .transaction((tx) => this.store.purge(tx, before))
        .catch((error: unknown) => {
          this.logger.warn(`could not purge expired idempotency keys: ${String(error)}`);
        });
    }, PURGE_EVERY_MS);
    this.purgeTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.purgeTimer);
  }

  /**
   * Runs `write` in a transaction, once per account and key: a repeat of the same `request` within
   * the window gets the first result, a different request under the key
   * `400 idempotency_key_reused`. Without a key, it simply runs. `T` must survive JSON.
   */
  async once<T>(
    accountId: number,
    key: string | undefined,
    request: unknown,
    write: (tx: WriteTx) => Promise<T>,
  ): Promise<T> {
    if (key === undefined) return this.writer.transaction(write);

    const now = this.clock.now();
    const hash = hashOf(request);
    const expiredBefore = now - IDEMPOTENCY_WINDOW_MS;
    const existing = await this.store.find(accountId, key);
    if (existing && existing.createdAt > expiredBefore) return replay(existing, hash) as T;

    try {
      return await this.writer.transaction(async (tx) => {
        // Stryker disable next-line ConditionalExpression: without an existing row there is no expired row of this key to delete (nothing writes one dated 24 h back), so the DELETE would change nothing.
        if (existing) await this.store.deleteExpired(tx, accountId, key, expiredBefore);
        const result = await write(tx);
        await this.store.insert(tx, accountId, key, {
          requestHash: hash,
          responseBody: JSON.stringify(result),
          createdAt: now,
        });
        return result;
      });
    } catch (error) {
      // Another request with the same key committed first: answer as it did.
      if (isUniqueViolation(error)) {
        const winner = await this.store.find(accountId, key);
        if (winner) return replay(winner, hash) as T;
      }
      throw error;
    }
  }

  /**
   * Like {@link once}, for a `run` that writes in transactions of its own (a batch whose items are
   * each atomic): a repeat of the same `request` within the window gets the first result without
   * running, a different request under the key `400 idempotency_key_reused`; the result is stored
   * after `run` ends. A request whose answer was lost before it was stored runs again when retried.
   */
  async onceApart<T>(
    accountId: number,
    key: string | undefined,
    request: unknown,
    run: () => Promise<T>,
  ): Promise<T> {
    if (key === undefined) return run();
    const now = this.clock.now();
    const hash = hashOf(request);
    const expiredBefore = now - IDEMPOTENCY_WINDOW_MS;
    const existing = await this.store.find(accountId, key);
    if (existing && existing.createdAt > expiredBefore) return replay(existing, hash) as T;
    const result = await run();
    try {
      await this.writer.transaction(async (tx) => {
        if (existing) await this.store.deleteExpired(tx, accountId, key, expiredBefore);
        await this.store.insert(tx, accountId, key, {
          requestHash: hash,
          responseBody: JSON.stringify(result),
          createdAt: now,
        });
      });
    } catch (error) {
      // The same request under the key, run at the same moment, stored first: answer as it did.
      if (isUniqueViolation(error)) {
        const winner = await this.store.find(accountId, key);
        if (winner) return replay(winner, hash) as T;
      }
      throw error;
    }
    return result;
  }
}

/** The first response, for the same request; a different request under the key is refused. */
function replay(record: IdempotencyRecord, hash: string): unknown {
  if (record.requestHash !== hash) throw ApiException.of(PROBLEMS.idempotencyKeyReused);
  return JSON.parse(record.responseBody);
}
