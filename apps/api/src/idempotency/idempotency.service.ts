import { createHash } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { IDEMPOTENCY_WINDOW_HOURS, type NewPet, type Pet, PROBLEMS } from '@pets/contract';
import { DataSource } from 'typeorm';
import { ApiException } from '../common/api-exception.js';
import { CLOCK, type Clock } from '../common/clock.js';
import { isUniqueViolation } from '../common/database-errors.js';
import { placeholders } from '../database/sql.js';
import { Writer } from '../database/writer.js';
import { PetsRepository } from '../pets/pets.repository.js';

export const IDEMPOTENCY_WINDOW_MS = IDEMPOTENCY_WINDOW_HOURS * 60 * 60 * 1_000;
const PURGE_EVERY_MS = 60 * 60 * 1_000;

interface StoredResponse {
  request_hash: string;
  response_body: string;
  created_at: number | string;
}

export interface CreateResult {
  /** The new pet, or for a repeated key the first response's pet. */
  pet: Pet;
}

/** The same request under the same key: compared after normalisation (trimmed name, default status). */
const requestHash = (pet: NewPet) =>
  createHash('sha256')
    .update(JSON.stringify([pet.name, pet.categoryId, pet.status]))
    .digest('hex');

/**
 * Creates pets, exactly once per `Idempotency-Key`: the pet and the key are written in one
 * transaction, and the key is unique per account in the database, so a retry on any instance, even
 * a concurrent one, gets the first response.
 */
@Injectable()
export class IdempotencyService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(IdempotencyService.name);
  private readonly findSql: string;
  private readonly insertSql: string;
  private readonly deleteOneSql: string;
  private readonly purgeSql: string;
  private purgeTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly writer: Writer,
    private readonly pets: PetsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    const p = placeholders(dataSource);
    this.findSql = `SELECT request_hash, response_body, created_at FROM idempotency_keys WHERE account_id = ${p(1)} AND key = ${p(2)}`;
    this.insertSql = `INSERT INTO idempotency_keys (account_id, key, request_hash, pet_id, response_body, created_at) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)})`;
    this.deleteOneSql = `DELETE FROM idempotency_keys WHERE account_id = ${p(1)} AND key = ${p(2)} AND created_at <= ${p(3)}`;
    this.purgeSql = `DELETE FROM idempotency_keys WHERE created_at <= ${p(1)}`;
  }

  onModuleInit(): void {
    this.purgeTimer = setInterval(() => {
      const before = this.clock.now() - IDEMPOTENCY_WINDOW_MS;
      this.writer
        .transaction((tx) => tx.run(this.purgeSql, [before]))
        .catch((error: unknown) => {
          this.logger.warn(`could not purge expired idempotency keys: ${String(error)}`);
        });
    }, PURGE_EVERY_MS);
    this.purgeTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.purgeTimer);
  }

  async create(accountId: number, pet: NewPet, key: string | undefined): Promise<CreateResult> {
    const now = this.clock.now();
    if (key === undefined) {
      const created = await this.writer.transaction((tx) => this.pets.insert(pet, now, tx));
      return { pet: created };
    }

    const hash = requestHash(pet);
    const expiredBefore = now - IDEMPOTENCY_WINDOW_MS;
    const existing = await this.find(accountId, key);
    if (existing && Number(existing.created_at) > expiredBefore) return this.replay(existing, hash);

    try {
      return await this.writer.transaction(async (tx) => {
        // Stryker disable next-line ConditionalExpression: without an existing row there is no expired row of this key to delete (nothing writes one dated 24 h back), so the DELETE would change nothing.
        if (existing) await tx.run(this.deleteOneSql, [accountId, key, expiredBefore]);
        const created = await this.pets.insert(pet, now, tx);
        await tx.run(this.insertSql, [
          accountId,
          key,
          hash,
          created.id,
          JSON.stringify(created),
          now,
        ]);
        return { pet: created };
      });
    } catch (error) {
      // Another request with the same key committed first: answer as it did.
      if (isUniqueViolation(error)) {
        const winner = await this.find(accountId, key);
        if (winner) return this.replay(winner, hash);
      }
      throw error;
    }
  }

  private async find(accountId: number, key: string): Promise<StoredResponse | undefined> {
    const rows: StoredResponse[] = await this.dataSource.query(this.findSql, [accountId, key]);
    return rows[0];
  }

  private replay(stored: StoredResponse, hash: string): CreateResult {
    if (stored.request_hash !== hash) {
      throw ApiException.of(PROBLEMS.idempotencyKeyReused);
    }
    return { pet: JSON.parse(stored.response_body) as Pet };
  }
}
