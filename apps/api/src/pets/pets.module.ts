import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyKeyEntity } from '../idempotency/idempotency-key.entity.js';
import { IdempotencyService } from '../idempotency/idempotency.service.js';
import { PetEntity } from './pet.entity.js';
import { PetsController } from './pets.controller.js';
import { PetsRepository } from './pets.repository.js';
import { PetsService } from './pets.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([PetEntity, IdempotencyKeyEntity])],
  controllers: [PetsController],
  providers: [PetsRepository, PetsService, IdempotencyService],
})
export class PetsModule {}
