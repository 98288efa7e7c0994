import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AccountsModule } from './accounts/accounts.module.js';
import { ApiKeyGuard } from './accounts/api-key.guard.js';
import { FirstRunService } from './accounts/first-run.service.js';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { type Clock, systemClock } from './common/clock.js';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DocsModule } from './docs/docs.module.js';
import { HealthModule } from './health/health.module.js';
import { PetsModule } from './pets/pets.module.js';

export interface AppOptions {
  clock?: Clock;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, options: AppOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config, options.clock ?? systemClock),
        DatabaseModule,
        AccountsModule,
        HealthModule,
        DocsModule,
        PetsModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_GUARD, useClass: ApiKeyGuard },
        FirstRunService,
      ],
    };
  }
}
