/**
 * The API's root module: every feature module, the one error filter, and the global guards in the
 * order every /v1 request meets them.
 */
import { type CanActivate, type DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AccountsModule } from './accounts/accounts.module.js';
import { UsageModule } from './usage/usage.module.js';
import { AuthenticationGuard } from './authentication/authentication.guard.js';
import { FirstRunService } from './people/first-run.service.js';
import { StaffGuard } from './accounts/staff.guard.js';
import { PeopleModule } from './people/people.module.js';
import { SessionAccessGuard } from './people/sessions/session-access.guard.js';
import { AllExceptionsFilter } from './errors/all-exceptions.filter.js';
import { type Clock, systemClock } from './config/clock.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DocsModule } from './docs/docs.module.js';
import { HealthModule } from './health/health.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { FallbackController } from './gate/fallback.controller.js';
import { EventsModule } from './events/events.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { PetsModule } from './pets/pets.module.js';
import { PlanThrottlerGuard } from './rate-limit/plan-throttler.guard.js';
import { RateLimitModule } from './rate-limit/rate-limit.module.js';
import type { HostResolver } from './webhooks/address-policy.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

/**
 * The global guards, in the order every /v1 request meets them (in the request gate), each with the
 * module that provides and exports it; the ones without are provided here.
 */
const GUARDS: readonly { guard: Type<CanActivate>; providedBy?: Type }[] = [
  { guard: AuthenticationGuard },
  { guard: PlanThrottlerGuard, providedBy: RateLimitModule },
  { guard: StaffGuard },
  { guard: SessionAccessGuard, providedBy: PeopleModule },
];

export const API_GUARDS: readonly Type<CanActivate>[] = GUARDS.map(({ guard }) => guard);

const GUARDS_PROVIDED_HERE = GUARDS.filter(({ providedBy }) => !providedBy).map(
  ({ guard }) => guard,
);

export interface AppOptions {
  clock?: Clock;
  /** Where the built admin app is (default: apps/admin/dist). */
  adminDist?: string;
  /** What webhook endpoints' host names resolve with (default: the system's resolver). */
  resolveHost?: HostResolver;
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
        PeopleModule,
        UsageModule,
        HealthModule,
        DocsModule,
        PetsModule,
        OrdersModule,
        EventsModule,
        WebhooksModule.forRoot(options.resolveHost),
      ],
      // Any other /v1 path (Fastify's router prefers every static and parametric route to it).
      controllers: [FallbackController],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        // API_GUARDS run in the request gate, before the body is read (gate/request-gate.ts);
        // Nest's own guard pipeline is empty, and the app does not start with a route outside the gate.
        ...GUARDS_PROVIDED_HERE,
        FirstRunService,
      ],
    };
  }
}
