/**
 * The audit trail's table, for every feature that records its changes, without the staff route
 * that reads it (AuditModule): the command-line tool records changes too, and serves no HTTP. The
 * outbox's signal goes with it: what publishes an event tells the delivery worker.
 */
import { Module } from '@nestjs/common';
import { AuditRepository } from './audit.repository.js';
import { OutboxSignal } from './outbox-signal.js';

@Module({
  providers: [AuditRepository, OutboxSignal],
  exports: [AuditRepository, OutboxSignal],
})
export class AuditTrailModule {}
