import { Module } from '@nestjs/common';
import { DatabaseHealth } from '../database/database.health.js';
import { HealthController } from './health.controller.js';
import { HealthService, READINESS_CHECKS, type ReadinessCheck } from './health.service.js';

@Module({
  controllers: [HealthController],
  providers: [
    HealthService,
    {
      provide: READINESS_CHECKS,
      inject: [DatabaseHealth],
      useFactory: (database: DatabaseHealth): ReadinessCheck[] => [database],
    },
  ],
})
export class HealthModule {}
