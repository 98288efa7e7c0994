/** What `npm run keys` runs on: the API's database, accounts and people's links; no HTTP. */
import { type DynamicModule, Module } from '@nestjs/common';
import { AccountsCoreModule } from '../accounts/accounts-core.module.js';
import { systemClock } from '../config/clock.js';
import type { AppConfig } from '../config/config.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { PeopleLinksModule } from '../people/people-links.module.js';

@Module({})
export class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(config, systemClock),
        DatabaseModule,
        AccountsCoreModule,
        PeopleLinksModule,
      ],
    };
  }
}
