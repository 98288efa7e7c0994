/**
 * Store orders as a NestJS module: their endpoints, service and table. It exports the repository so
 * that pets can ask, in a pet's own write transaction, whether the pet has an open order.
 */
import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { OrdersController } from './orders.controller.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';

@Module({
  imports: [IdempotencyModule, AuditModule],
  controllers: [OrdersController],
  providers: [OrdersRepository, OrdersService],
  exports: [OrdersRepository],
})
export class OrdersModule {}
