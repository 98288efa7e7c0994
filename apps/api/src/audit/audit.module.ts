/**
 * The audit trail's module: its table, shared with every feature that records changes, and the
 * staff route that reads it.
 */
import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller.js';
import { AuditRepository } from './audit.repository.js';

/** The audit trail: every feature records its changes here, staff read them. */
@Module({
  controllers: [AuditController],
  providers: [AuditRepository],
  exports: [AuditRepository],
})
export class AuditModule {}
