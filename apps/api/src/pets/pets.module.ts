import { Module } from '@nestjs/common';
import { IdempotencyService } from '../idempotency/idempotency.service.js';
import { PetsController } from './pets.controller.js';
import { PetsRepository } from './pets.repository.js';
import { PetsService } from './pets.service.js';

@Module({
  controllers: [PetsController],
  providers: [PetsRepository, PetsService, IdempotencyService],
})
export class PetsModule {}
