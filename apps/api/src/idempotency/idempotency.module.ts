/** The idempotency module: writes made exactly once per `Idempotency-Key`, for any feature. */
import { Module } from '@nestjs/common';
import { IdempotencyService } from './idempotency.service.js';
import { IdempotencyStore } from './idempotency.store.js';

@Module({
  providers: [IdempotencyStore, IdempotencyService],
  exports: [IdempotencyService],
})
export class IdempotencyModule {}
