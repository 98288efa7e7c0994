/**
 * The audit trail's table, for every feature that records its changes, without the staff route
 * that reads it (AuditModule): the command-line tool records changes too, and serves no HTTP.
 */
import { Module } from '@nestjs/common';
import { AuditRepository } from './audit.repository.js';

@Module({
  providers: [AuditRepository],
  exports: [AuditRepository],
})
export class AuditTrailModule {}
