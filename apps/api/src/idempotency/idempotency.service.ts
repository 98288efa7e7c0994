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
   * The answer already stored for this key and request within the window, if any (the same key
   * with another request is refused, as {@link once} refuses it): checked before costly work that
   * comes before the write (a photo is made before its transaction), so a retry does not redo it.
   */
  async earlier<T>(
    accountId: number,
    key: string | undefined,
    request: unknown,
  ): Promise<T | undefined> {
    if (key === undefined) return undefined;
    const existing = await this.store.find(accountId, key);
    if (!existing || existing.createdAt <= this.clock.now() - IDEMPOTENCY_WINDOW_MS)
      return undefined;
    return replay(existing, hashOf(request)) as T;
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
   * Like {@link once}, for a request made of steps that each commit on their own (a batch whose
   * items are each atomic). Each step's result is stored in the transaction that makes it, under the
   * key and the step's index, so a retry after a crash (or a copy sent at the same moment) answers
   * the steps already made from their records, changing nothing twice, and makes the rest; the whole
   * answer is stored once `run` ends. A repeat within the window gets the first answer, a different
   * request under the key `400 idempotency_key_reused`, at its first step at the latest.
   */
  async onceInSteps<T>(
    accountId: number,
    key: string | undefined,
    request: unknown,
    run: (steps: Steps) => Promise<T>,
  ): Promise<T> {
    if (key === undefined) return run(UNKEPT_STEPS);
    const now = this.clock.now();
    const hash = hashOf(request);
    const expiredBefore = now - IDEMPOTENCY_WINDOW_MS;
    const existing = await this.store.find(accountId, key);
    if (existing && existing.createdAt > expiredBefore) return replay(existing, hash) as T;
    const record = (result: unknown): IdempotencyRecord => ({
      requestHash: hash,
      responseBody: JSON.stringify(result),
      createdAt: now,
    });
    const stepped: SteppedRequest = { accountId, hash, expiredBefore, record };
    const result = await run({
      step: (index, make) => this.step(stepped, stepKey(key, index), make),
    });
    try {
      await this.writer.transaction(async (tx) => {
        if (existing) await this.store.deleteExpired(tx, accountId, key, expiredBefore);
        await this.store.insert(tx, accountId, key, record(result));
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

  /** One step of {@link onceInSteps}: made and recorded once, or answered from its record. */
  private async step<R>(
    { accountId, hash, expiredBefore, record }: SteppedRequest,
    key: string,
    make: (keep: Keep<R>) => Promise<R>,
  ): Promise<R> {
    for (;;) {
      const step = { kept: false };
      try {
        const result = await make(async (tx, made) => {
          await this.store.insert(tx, accountId, key, record(made));
          step.kept = true;
        });
        // A step that changed nothing (a refusal) is recorded on its own.
        if (!step.kept)
          await this.writer.transaction((tx) =>
            this.store.insert(tx, accountId, key, record(result)),
          );
        return result;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Made before (by a run that crashed, or one beside this one): its change was rolled back
        // with the duplicate record, and the step answers as it was first made.
        const first = await this.store.find(accountId, key);
        if (!first) throw error;
        if (first.createdAt > expiredBefore) return replay(first, hash) as R;
        // A record left by a run more than a day old that never finished: it is forgotten.
        await this.writer.transaction((tx) =>
          this.store.deleteExpired(tx, accountId, key, expiredBefore),
        );
      }
    }
  }
}

/**
 * Records `result` as the step's, in `tx`: the transaction that makes the step's change. A step
 * whose change was already made by an earlier run fails here, and its change is rolled back.
 */
export type Keep<R> = (tx: WriteTx, result: R) => Promise<void>;

/** The steps of a request run by {@link IdempotencyService.onceInSteps}. */
export interface Steps {
  /** Runs step `index` (0, 1, …) once: `make` calls `keep` in the transaction of its change. */
  step<R>(index: number, make: (keep: Keep<R>) => Promise<R>): Promise<R>;
}

/** What each step of a request under a key shares: whose, its hash, and how its steps are recorded. */
interface SteppedRequest {
  accountId: number;
  hash: string;
  expiredBefore: number;
  record: (result: unknown) => IdempotencyRecord;
}

/** Steps of a request without a key: each simply made. */
const UNKEPT_STEPS: Steps = { step: (_index, make) => make(() => Promise.resolve()) };

/**
 * The record of a request's step: the key and the step's index after a line feed, which a key (1
 * to 255 printable characters) never holds, so it never meets a key a client sent.
 */
const stepKey = (key: string, index: number) => `${key}\n${String(index)}`;

/** The first response, for the same request; a different request under the key is refused. */
function replay(record: IdempotencyRecord, hash: string): unknown {
  if (record.requestHash !== hash) throw ApiException.of(PROBLEMS.idempotencyKeyReused);
  return JSON.parse(record.responseBody);
}
