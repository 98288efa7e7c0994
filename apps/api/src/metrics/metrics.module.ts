/** The instance's metrics as a global NestJS module: counting is off with METRICS_PORT=off. */
import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { Metrics } from './metrics.js';

@Global()
@Module({
  providers: [
    {
      provide: Metrics,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new Metrics(config.metrics !== undefined),
    },
  ],
  exports: [Metrics],
})
export class MetricsModule {}
