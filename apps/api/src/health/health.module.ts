/** The health probes as a NestJS module, with their checks: the database, and Redis when set. */
import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DatabaseHealth } from '../database/database.health.js';
import { RateLimitHealth } from '../rate-limit/rate-limit.health.js';
import { HealthController } from './health.controller.js';
import { READINESS_CHECKS, type ReadinessCheck } from '../readiness/readiness.js';
import { HealthService } from './health.service.js';

@Module({
  controllers: [HealthController],
  providers: [
    HealthService,
    {
      provide: READINESS_CHECKS,
      inject: [APP_CONFIG, DatabaseHealth, RateLimitHealth],
      useFactory: (
        config: AppConfig,
        database: DatabaseHealth,
        redis: RateLimitHealth,
      ): ReadinessCheck[] => (config.redisUrl ? [database, redis] : [database]),
    },
  ],
})
export class HealthModule {}
