/** The readiness check of the rate limiter's Redis: not critical, so /readyz only says degraded. */
import { Inject, Injectable } from '@nestjs/common';
import type { ReadinessCheck } from '../readiness/readiness.js';
import { Metrics } from '../metrics/metrics.js';
import { RATE_LIMIT_STORAGE, type RateLimitStorage } from './rate-limit.storage.js';

@Injectable()
export class RateLimitHealth implements ReadinessCheck {
  readonly name = 'redis';
  readonly critical = false;

  constructor(
    @Inject(RATE_LIMIT_STORAGE) private readonly storage: RateLimitStorage,
    metrics: Metrics,
  ) {
    // The memory storage is always ok; Redis's is not while this instance counts on its own.
    metrics.watchRedisFallback(() => Promise.resolve(this.storage.health() !== 'ok'));
  }

  check(): Promise<string> {
    return Promise.resolve(this.storage.health());
  }
}
