/**
 * What each command of `npm run keys` does once its arguments are checked: it opens the API's own
 * services on its database (NestJS without HTTP), does the command and says what it did. Loaded only
 * for such a command, so that help and refused arguments answer without loading NestJS or TypeORM.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AccountsService, toAccountView } from '../../accounts/accounts.service.js';
import { ApiKeysService, toApiKeyView } from '../../accounts/api-keys/api-keys.service.js';
import type { AppConfig } from '../../config/config.js';
import { LinksService } from '../../people/links/links.service.js';
import { CliModule } from '../cli.module.js';
import { type Command, UsageError } from './arguments.js';
import { forTerminal, type Outcome, table } from './print.js';

interface Services {
  accounts: AccountsService;
  keys: ApiKeysService;
  links: LinksService;
  config: AppConfig;
  /** Where people's links point. */
  origin: string;
}

/** Which kind of key `create` made, and why (docs/partners/authentication.md). */
function kindOfKey(env: AppConfig['env']): string {
  return env === 'production'
    ? 'A live key (pets_live_): NODE_ENV is production.'
    : `A test key (pets_test_): NODE_ENV is ${env}, not production, so an API in production refuses it.\n` +
        'To make a live key, run this with NODE_ENV=production (and PUBLIC_URL), as the API runs there.';
}

/** Does the command; a thing it names that is not there is a {@link UsageError}. */
async function outcomeOf(command: Command, services: Services): Promise<Outcome> {
  const { accounts, keys, links, config, origin } = services;
  switch (command.name) {
    case 'accounts list': {
      const views = (await accounts.list()).map(toAccountView);
      const rows = views.map((a) => ({
        id: a.id,
        name: a.name,
        plan: a.plan,
        role: a.role,
        perMinute: a.limits.perMinute,
        perDay: a.limits.perDay,
        createdAt: a.createdAt,
      }));
      return { text: table(rows), data: views };
    }
    case 'accounts create': {
      const view = toAccountView(await accounts.create(command.account, 'cli'));
      return {
        text: `Created account ${view.id} (${forTerminal(view.name)}, ${view.plan}, ${view.role}).`,
        data: view,
      };
    }
    case 'accounts set-plan': {
      const { accountId, change } = command;
      const account = await accounts.setPlan(accountId, change.plan, change.limits, 'cli');
      if (!account) throw new UsageError(`No account ${accountId}`);
      const view = toAccountView(account);
      return {
        text: `Account ${view.id} is now on the ${view.plan} plan (${view.limits.perMinute}/min, ${view.limits.perDay}/day).`,
        data: view,
      };
    }
    case 'list': {
      const views = (await keys.list(command.accountId)).map(toApiKeyView);
      return { text: table(views.map((k) => ({ ...k }))), data: views };
    }
    case 'create': {
      const { accountId } = command;
      if (!(await accounts.find(accountId))) throw new UsageError(`No account ${accountId}`);
      const { key, apiKey } = await keys.create(accountId, command.label, 'cli');
      const view = toApiKeyView(apiKey);
      return {
        text: `Created key ${view.id} for account ${accountId}. This is the only time it is shown:\n\n  ${key}\n\n${kindOfKey(config.env)}`,
        data: { ...view, key },
      };
    }
    case 'people invite': {
      const invitation = await links.invite(command.accountId, command.email, 'cli', origin);
      const invited = `Invited ${forTerminal(invitation.email)} to account ${invitation.accountId}`;
      return {
        text:
          invitation.delivery === 'email'
            ? `${invited}: the link was sent to ${forTerminal(invitation.sentTo)}; it works once, until ${invitation.expiresAt}.\n`
            : `${invited}. Hand them this link; it works once, until ${invitation.expiresAt}, and is not shown again:\n\n  ${invitation.link}\n`,
        data: invitation,
      };
    }
    case 'people reset': {
      const person = await links.findByEmail(command.email);
      if (!person) throw new UsageError(`No person has the email ${command.email}`);
      const reset = await links.resetLink(person.id, 'cli', origin);
      return {
        text:
          reset.delivery === 'email'
            ? `A link for ${forTerminal(person.email)} to choose a new password was sent to ${forTerminal(reset.sentTo)}; it works once, until ${reset.expiresAt}.\n`
            : `A link for ${forTerminal(person.email)} to choose a new password; it works once, until ${reset.expiresAt}, and is not shown again:\n\n  ${reset.link}\n`,
        data: reset,
      };
    }
    case 'revoke': {
      const apiKey = await keys.revoke(command.keyId, 'cli');
      if (!apiKey) throw new UsageError(`No key ${command.keyId}`);
      const view = toApiKeyView(apiKey);
      return {
        text: `Revoked key ${view.id} (${view.prefix}…); every instance refuses it within 5 seconds.`,
        data: view,
      };
    }
  }
}

/** Does the command on the database in `config` and prints what it did, then closes the database. */
export async function carryOut(
  command: Command,
  config: AppConfig,
  print: (outcome: Outcome) => void,
): Promise<void> {
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config), {
    logger: ['error'],
  });
  try {
    const services = {
      accounts: app.get(AccountsService),
      keys: app.get(ApiKeysService),
      links: app.get(LinksService),
      config,
      // Links point at PUBLIC_URL, or the API as it runs here by default.
      origin: new URL(config.publicUrl ?? `http://localhost:${config.port}`).origin,
    };
    print(await outcomeOf(command, services));
  } finally {
    await app.close();
  }
}
