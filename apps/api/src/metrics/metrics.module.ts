import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { RateLimitHealth } from '../rate-limit/rate-limit.health.js';
import { Metrics } from './metrics.js';

/** The instance's metrics, for the hooks, the guards and the error handler to count in. */
@Global()
@Module({
  providers: [
    {
      provide: Metrics,
      inject: [APP_CONFIG, RateLimitHealth],
      useFactory: (config: AppConfig, rateLimit: RateLimitHealth) =>
        new Metrics(
          config.metrics !== undefined,
          async () => config.redisUrl !== undefined && (await rateLimit.check()) !== 'ok',
        ),
    },
  ],
  exports: [Metrics],
})
export class MetricsModule {}
