import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { AccountsService } from './accounts.service.js';
import { ApiKeysService } from './api-keys.service.js';

/** The first-run account: enterprise, so trying things out never meets a limit. */
export const FIRST_RUN_LIMITS = { perMinute: 100_000, perDay: 10_000_000 };
export const DEV_KEY_FILE = 'dev-api-key.txt';

/**
 * On an empty embedded database in development (the default; not in production, and not in tests,
 * which want empty databases and no key on the console): a staff account and one key, printed to the
 * console and written next to the database, so a newcomer can call the API and sign in at once.
 */
@Injectable()
export class FirstRunService implements OnApplicationBootstrap {
  private readonly logger = new Logger(FirstRunService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountsService,
    private readonly apiKeys: ApiKeysService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { database, env } = this.config;
    if (database.kind !== 'sqlite' || env !== 'development' || (await this.accounts.count()) > 0)
      return;

    // The service setting itself up, as its command-line tool would.
    const account = await this.accounts.create(
      {
        name: 'Staff',
        plan: 'enterprise',
        role: 'staff',
        limits: FIRST_RUN_LIMITS,
      },
      'cli',
    );
    const { key } = await this.apiKeys.create(account.id, 'First-run key', 'cli');
    const file = join(dirname(database.file), DEV_KEY_FILE);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${key}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    this.logger.log(
      `first run: created staff account ${account.id} and wrote its API key to ${file}`,
    );
    // The key goes to the console once, on purpose, and never through the logger.
    process.stdout.write(
      `\nFirst run: a staff account and an API key were created (the key is also in ${file}):\n\n  ${key}\n\n` +
        `Try: curl -H "Authorization: Bearer ${key}" http://localhost:${this.config.port}/v1/pets\n\n`,
    );
  }
}
