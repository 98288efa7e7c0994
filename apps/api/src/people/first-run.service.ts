/** The first run in development: a staff account, a key and a person to sign in as. */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service.js';
import { ApiKeysService } from '../accounts/api-keys/api-keys.service.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { LinksService } from './links/links.service.js';

/** The first-run account: enterprise, so trying things out never meets a limit. */
export const FIRST_RUN_LIMITS = { perMinute: 100_000, perDay: 10_000_000 };
export const DEV_KEY_FILE = 'dev-api-key.txt';
/** The first-run person, and the file with the link where they choose their password. */
export const FIRST_RUN_EMAIL = 'admin@localhost';
export const DEV_SIGN_IN_FILE = 'dev-sign-in.txt';

/** A file only its owner reads: it holds a secret. */
function writeSecret(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/**
 * On an empty embedded database in development (the default; not in production, and not in tests,
 * which want empty databases and nothing on the console): a staff account with one key for
 * programs, and one person, `admin@localhost`, with a one-time link to choose their password
 * (docs/staff/sign-in.md). Both are printed once and written next to the database (readable by its
 * owner only), so a newcomer can call the API and sign in to the admin app at once.
 */
@Injectable()
export class FirstRunService implements OnApplicationBootstrap {
  private readonly logger = new Logger(FirstRunService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountsService,
    private readonly apiKeys: ApiKeysService,
    private readonly links: LinksService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { database, env } = this.config;
    if (database.kind !== 'sqlite' || env !== 'development' || (await this.accounts.count()) > 0)
      return;

    // The service setting itself up, as its command-line tool would.
    const account = await this.accounts.create(
      { name: 'Staff', plan: 'enterprise', role: 'staff', limits: FIRST_RUN_LIMITS },
      'cli',
    );
    const { key } = await this.apiKeys.create(account.id, 'First-run key', 'cli');
    const keyFile = join(dirname(database.file), DEV_KEY_FILE);
    writeSecret(keyFile, `${key}\n`);
    const person = await this.links.createPerson(account.id, FIRST_RUN_EMAIL, 'Admin', 'cli');
    const origin = new URL(this.config.publicUrl ?? `http://localhost:${this.config.port}`).origin;
    // Shown, never e-mailed: admin@localhost has no mailbox.
    const reset = await this.links.resetLink(person.id, 'cli', origin, { shown: true });
    const { expiresAt } = reset;
    const link = reset.delivery === 'shown' ? reset.link : '';
    const signInFile = join(dirname(database.file), DEV_SIGN_IN_FILE);
    writeSecret(
      signInFile,
      `Sign in to the admin app as ${FIRST_RUN_EMAIL}: open this link (once, before ${expiresAt}) and choose a password.\n${link}\n`,
    );
    this.logger.log(
      `first run: created staff account ${account.id}, its API key (in ${keyFile}) and the person ${FIRST_RUN_EMAIL} (link in ${signInFile})`,
    );
    // The key and the link go to the console once, on purpose, and never through the logger.
    process.stdout.write(
      `\nFirst run: a staff account and an API key were created (the key is also in ${keyFile}):\n\n  ${key}\n\n` +
        `Try: curl -H "Authorization: Bearer ${key}" http://localhost:${this.config.port}/v1/pets\n\n` +
        `To sign in to the admin app as ${FIRST_RUN_EMAIL}, open this link within the hour and choose a password (also in ${signInFile}):\n\n  ${link}\n\n`,
    );
  }
}
