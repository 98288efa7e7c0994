/**
 * The rate limiter as a NestJS module: the plans' limits as @nestjs/throttler throttlers, counted
 * in this process or in Redis, with its guard, readiness check and usage for staff.
 */
import {
  type ExecutionContext,
  Global,
  Inject,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerModule, getOptionsToken } from '@nestjs/throttler';
import type { ThrottlerModuleOptions } from '@nestjs/throttler';
import { ANONYMOUS_LIMITS, BAN_SECONDS, type PlanLimits, RATE_WINDOWS } from '@pets/contract';
import type { FastifyRequest } from 'fastify';
import { CLOCK, type Clock } from '../config/clock.js';
import { Metrics } from '../metrics/metrics.js';
import { PlanThrottlerGuard } from './plan-throttler.guard.js';
import { RateLimitHealth } from './rate-limit.health.js';
import { RATE_LIMIT_STORAGE, type RateLimitStorage } from './rate-limit.storage.js';
import { RateLimitStorageModule } from './rate-limit-storage.module.js';
import { accountTracker, addressTracker } from './rate-limit.tracker.js';
import { RateLimitUsage } from './rate-limit.usage.js';

const [MINUTE, DAY] = RATE_WINDOWS;

/** What the caller may use: its plan's limits, or the Free plan's numbers without a valid key. */
const limitsOf = (context: ExecutionContext): PlanLimits =>
  context.switchToHttp().getRequest<FastifyRequest>().principal?.limits ?? ANONYMOUS_LIMITS;

/**
 * The limits as @nestjs/throttler throttlers: one per window, named as our headers name them, with
 * the caller's plan resolving each limit. Counted per account (per client address, IPv6 per /64,
 * without a valid key) across every operation. The minute's block duration is the ban.
 */
const throttlerOptions = (storage: RateLimitStorage): ThrottlerModuleOptions => ({
  throttlers: [
    {
      name: MINUTE.name,
      ttl: MINUTE.seconds * 1000,
      limit: (context) => limitsOf(context).perMinute,
      blockDuration: BAN_SECONDS * 1000,
    },
    { name: DAY.name, ttl: DAY.seconds * 1000, limit: (context) => limitsOf(context).perDay },
  ],
  getTracker: (request) => {
    const { principal, ip } = request as FastifyRequest;
    return principal ? accountTracker(principal.accountId) : addressTracker(ip);
  },
  generateKey: (_context, tracker) => tracker,
  storage,
  // The guard writes the IETF headers (RateLimit, RateLimit-Policy) and ours, not the throttler's.
  setHeaders: false,
});

@Global()
@Module({
  imports: [
    RateLimitStorageModule,
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [RATE_LIMIT_STORAGE],
      useFactory: throttlerOptions,
    }),
  ],
  providers: [
    RateLimitHealth,
    RateLimitUsage,
    {
      provide: PlanThrottlerGuard,
      inject: [getOptionsToken(), RATE_LIMIT_STORAGE, Reflector, CLOCK, Metrics],
      useFactory: (
        options: ThrottlerModuleOptions,
        storage: RateLimitStorage,
        reflector: Reflector,
        clock: Clock,
        metrics: Metrics,
      ) => new PlanThrottlerGuard(options, storage, reflector, clock, metrics),
    },
  ],
  // The counters too: signing in counts its failures per email in them.
  exports: [RateLimitHealth, RateLimitUsage, PlanThrottlerGuard, RateLimitStorageModule],
})
export class RateLimitModule implements OnApplicationShutdown {
  constructor(@Inject(RATE_LIMIT_STORAGE) private readonly storage: RateLimitStorage) {}

  async onApplicationShutdown(): Promise<void> {
    await this.storage.close();
  }
}
