/**
 * The audit trail's module: its table (AuditTrailModule), shared with every feature that records
 * changes, and the staff route that reads it.
 */
import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller.js';
import { AuditTrailModule } from './audit-trail.module.js';

@Module({
  imports: [AuditTrailModule],
  controllers: [AuditController],
  exports: [AuditTrailModule],
})
export class AuditModule {}
