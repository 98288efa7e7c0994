/**
 * Many pets changed or removed at once (`POST /v1/pets/batch`): each item goes through the single
 * operations' own code (`PetsService.update` and `remove`), in its own transaction, so an item
 * behaves, is audited and is refused exactly as it would be alone.
 */
import { Injectable } from '@nestjs/common';
import {
  type PetBatch,
  type PetBatchItem,
  type PetBatchResult,
  type PetBatchResults,
  PROBLEMS,
} from '@pets/contract';
import { ApiException } from '../errors/api-exception.js';
import type { Principal } from '../gate/principal.js';
import { IdempotencyService, type Keep } from '../idempotency/idempotency.service.js';
import { PetsService } from './pets.service.js';

@Injectable()
export class PetsBatchService {
  constructor(
    private readonly pets: PetsService,
    private readonly idempotency: IdempotencyService,
  ) {}

  /**
   * Applies the items in order, one result each, once per `Idempotency-Key`: the same batch again
   * gets the stored results and applies nothing. Each item's result is stored with its change, so a
   * batch cut short (the database away, the process killed) and sent again with its key makes each
   * item once and answers as one whole run would have. A refusal is the item's result; anything else
   * ends the batch as it would end the single operation, the items before it applied.
   */
  apply(
    principal: Principal,
    { items }: PetBatch,
    idempotencyKey: string | undefined,
  ): Promise<PetBatchResults> {
    return this.idempotency.onceInSteps(
      principal.accountId,
      idempotencyKey,
      items,
      async (steps) => {
        const results: PetBatchResult[] = [];
        for (const [index, item] of items.entries())
          results.push(await steps.step(index, (keep) => this.applyOne(principal, item, keep)));
        return { results };
      },
    );
  }

  private async applyOne(
    principal: Principal,
    item: PetBatchItem,
    keep: Keep<PetBatchResult>,
  ): Promise<PetBatchResult> {
    try {
      if (item.patch !== undefined) {
        const pet = await this.pets.update(principal, item.petId, item.patch, (tx, pet) =>
          keep(tx, { status: 200, pet }),
        );
        return { status: 200, pet };
      }
      // `DELETE /pets/{petId}` is staff's: a partner's removal is refused as the route refuses it.
      if (principal.role !== 'staff') throw ApiException.of(PROBLEMS.staffOnly);
      await this.pets.remove(principal, item.petId, (tx) => keep(tx, { status: 204 }));
      return { status: 204 };
    } catch (error) {
      if (!(error instanceof ApiException)) throw error;
      return { status: error.status, error: error.toBody() };
    }
  }
}
