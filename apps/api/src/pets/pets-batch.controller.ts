/** `POST /v1/pets/batch`: many pets changed or removed in one request. */
import { Controller, Headers } from '@nestjs/common';
import type { PetBatch, PetBatchResults } from '@pets/contract';
import { CurrentPrincipal } from '../gate/principal.decorator.js';
import type { Principal } from '../gate/principal.js';
import { Operation } from '../gate/operation.decorator.js';
import { OperationBody } from '../parsing/operation-input.js';
import { idempotencyKeyPipe } from '../idempotency/idempotency-key.pipe.js';
import { PetsBatchService } from './pets-batch.service.js';

@Controller()
export class PetsBatchController {
  constructor(private readonly batch: PetsBatchService) {}

  @Operation('batchPets')
  apply(
    @OperationBody() body: PetBatch,
    @Headers('idempotency-key') rawIdempotencyKey: string | undefined,
    @CurrentPrincipal() principal: Principal,
  ): Promise<PetBatchResults> {
    return this.batch.apply(principal, body, idempotencyKeyPipe.transform(rawIdempotencyKey));
  }
}
