import { Inject, Injectable } from '@nestjs/common';
import {
  GET_PET_SUNSET_AT,
  type ListPetsQuery,
  type NewPet,
  type Pet,
  PROBLEMS,
} from '@pets/contract';
import { ApiException } from '../common/api-exception.js';
import { CLOCK, type Clock } from '../common/clock.js';
import { IdempotencyService } from '../idempotency/idempotency.service.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { PetsRepository } from './pets.repository.js';

export interface PetsPage {
  pets: Pet[];
  /** The cursor of the next page; absent on the last page. */
  next?: string;
}

const invalidCursor = (issue: string) =>
  ApiException.of(PROBLEMS.invalidQuery(`cursor ${issue}`), [{ field: 'cursor', issue }]);

@Injectable()
export class PetsService {
  constructor(
    private readonly pets: PetsRepository,
    private readonly idempotency: IdempotencyService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** getPet answers `410 gone` from its sunset instant on. */
  assertGetPetAvailable(): void {
    if (this.clock.now() >= GET_PET_SUNSET_AT.getTime()) {
      throw ApiException.of(PROBLEMS.getPetGone);
    }
  }

  async list({ limit, status, cursor }: ListPetsQuery): Promise<PetsPage> {
    let afterId = 0;
    if (cursor !== undefined) {
      const position = decodeCursor(cursor);
      if (!position) throw invalidCursor('is not a valid cursor');
      if (position.status !== status) throw invalidCursor('belongs to a different status filter');
      afterId = position.afterId;
    }
    // One row more than asked says whether another page follows.
    const rows = await this.pets.list(limit + 1, afterId, status);
    if (rows.length <= limit) return { pets: rows };
    const pets = rows.slice(0, limit);
    // More rows than `limit` (at least 1): the page has a last pet.
    const last = pets[limit - 1] as Pet;
    return { pets, next: encodeCursor({ afterId: last.id, status }) };
  }

  get(id: number): Promise<Pet | undefined> {
    return this.pets.findById(id);
  }

  /**
   * Creates a pet, once per `Idempotency-Key`: the same request again gets the first pet. Requests
   * are compared after normalisation (trimmed name, default status).
   */
  create(accountId: number, pet: NewPet, idempotencyKey: string | undefined): Promise<Pet> {
    return this.idempotency.once(
      accountId,
      idempotencyKey,
      [pet.name, pet.categoryId, pet.status],
      (tx) => this.pets.insert(pet, this.clock.now(), tx),
    );
  }
}
