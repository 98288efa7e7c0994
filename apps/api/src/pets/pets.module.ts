/** The pets feature as a NestJS module: its endpoints, service and table. */
import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { PetsController } from './pets.controller.js';
import { PetsRepository } from './pets.repository.js';
import { PetsService } from './pets.service.js';

@Module({
  imports: [IdempotencyModule, AuditModule],
  controllers: [PetsController],
  providers: [PetsRepository, PetsService],
})
export class PetsModule {}
