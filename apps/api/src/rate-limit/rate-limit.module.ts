import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerModule, ThrottlerStorage, getOptionsToken } from '@nestjs/throttler';
import type { ThrottlerModuleOptions } from '@nestjs/throttler';
import { ANONYMOUS_LIMITS } from '@pets/contract';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { MemoryRateLimitStorage } from './memory-rate-limit.storage.js';
import { PlanThrottlerGuard } from './plan-throttler.guard.js';
import { RateLimitHealth } from './rate-limit.health.js';
import { RateLimitService } from './rate-limit.service.js';
import { RATE_LIMIT_STORAGE, type RateLimitStorage } from './rate-limit.storage.js';
import { RedisRateLimitStorage } from './redis-rate-limit.storage.js';

/** The counters: in this process, or in Redis when REDIS_URL is set. */
@Module({
  providers: [
    {
      provide: RATE_LIMIT_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): RateLimitStorage =>
        config.redisUrl
          ? new RedisRateLimitStorage(config.redisUrl, new Logger('RateLimit'))
          : new MemoryRateLimitStorage(),
    },
  ],
  exports: [RATE_LIMIT_STORAGE],
})
class RateLimitStorageModule {}

@Global()
@Module({
  imports: [
    RateLimitStorageModule,
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [RATE_LIMIT_STORAGE],
      // The two windows, named as our headers name them. The numbers per caller come from its plan.
      useFactory: (storage: RateLimitStorage): ThrottlerModuleOptions => ({
        throttlers: [
          { name: 'minute', ttl: 60_000, limit: ANONYMOUS_LIMITS.perMinute },
          { name: 'day', ttl: 86_400_000, limit: ANONYMOUS_LIMITS.perDay },
        ],
        storage,
        setHeaders: false,
      }),
    }),
  ],
  providers: [
    RateLimitService,
    RateLimitHealth,
    {
      provide: PlanThrottlerGuard,
      inject: [getOptionsToken(), ThrottlerStorage, Reflector, RateLimitService],
      useFactory: (
        options: ThrottlerModuleOptions,
        storage: ThrottlerStorage,
        reflector: Reflector,
        rateLimit: RateLimitService,
      ) => new PlanThrottlerGuard(options, storage, reflector).use(rateLimit),
    },
  ],
  exports: [RateLimitService, RateLimitHealth, PlanThrottlerGuard],
})
export class RateLimitModule implements OnApplicationShutdown {
  constructor(@Inject(RATE_LIMIT_STORAGE) private readonly storage: RateLimitStorage) {}

  async onApplicationShutdown(): Promise<void> {
    await this.storage.close();
  }
}
