import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AccountsModule } from './accounts/accounts.module.js';
import { UsageModule } from './accounts/usage.controller.js';
import { ApiKeyGuard } from './accounts/api-key.guard.js';
import { FirstRunService } from './accounts/first-run.service.js';
import { StaffGuard } from './accounts/staff.guard.js';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { type Clock, systemClock } from './common/clock.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DocsModule } from './docs/docs.module.js';
import { HealthModule } from './health/health.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { FallbackController } from './common/fallback.controller.js';
import { GatePassedGuard } from './common/request-gate.js';
import { PetsModule } from './pets/pets.module.js';
import { PlanThrottlerGuard } from './rate-limit/plan-throttler.guard.js';
import { RateLimitModule } from './rate-limit/rate-limit.module.js';

/** The global guards, in the order every /v1 request meets them (in the request gate). */
export const API_GUARDS = [ApiKeyGuard, PlanThrottlerGuard, StaffGuard] as const;

export interface AppOptions {
  clock?: Clock;
  /** Where the built admin app is (default: apps/admin/dist). */
  adminDist?: string;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, options: AppOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config, options.clock ?? systemClock),
        DatabaseModule,
        RateLimitModule,
        MetricsModule,
        AccountsModule,
        UsageModule,
        HealthModule,
        DocsModule,
        PetsModule,
      ],
      // Any other /v1 path (Fastify's router prefers every static and parametric route to it).
      controllers: [FallbackController],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        // API_GUARDS run in the request gate, before the body is read (common/request-gate.ts);
        // Nest's own guard only checks that every route not public went through it.
        ApiKeyGuard,
        StaffGuard,
        { provide: APP_GUARD, useClass: GatePassedGuard },
        FirstRunService,
      ],
    };
  }
}
