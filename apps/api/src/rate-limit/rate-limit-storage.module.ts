/** The rate limiter's counters as a NestJS module, for the limiter and for signing in. */
import { Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { PageVersion } from '../paging/page-version.js';
import { MemoryRateLimitStorage } from './memory-rate-limit.storage.js';
import { RATE_LIMIT_STORAGE, type RateLimitStorage } from './rate-limit.storage.js';
import { RedisRateLimitStorage } from './redis-rate-limit.storage.js';

@Module({
  providers: [
    {
      provide: RATE_LIMIT_STORAGE,
      inject: [APP_CONFIG, PageVersion],
      useFactory: (config: AppConfig, pageVersion: PageVersion): RateLimitStorage =>
        config.redisUrl
          ? new RedisRateLimitStorage(config.redisUrl, new Logger('RateLimit'), pageVersion)
          : new MemoryRateLimitStorage({ maxAddresses: config.rateLimitAddresses }),
    },
  ],
  exports: [RATE_LIMIT_STORAGE],
})
export class RateLimitStorageModule {}
