/** Staff read an account's usage: the rate limiter's counts for it, and its live keys. */
import { Controller, Param } from '@nestjs/common';
import { ACTIVE_KEYS_MAX, type AccountUsage } from '@pets/contract';
import { Operation } from '../gate/operation.decorator.js';
import { RateLimitUsage } from '../rate-limit/rate-limit.usage.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { ApiKeysService } from '../accounts/api-keys/api-keys.service.js';

/** Staff see an account's usage (beta, docs/partners/rate-limits.md): the limiter's counters and its keys. */
@Controller()
export class UsageController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly keys: ApiKeysService,
    private readonly usage: RateLimitUsage,
  ) {}

  /**
   * With the account's live keys, oldest first (their last use to within an hour): at most
   * {@link ACTIVE_KEYS_MAX}, as creates keep to, so never paged. An account that had more before
   * that cap shows its oldest; its ban is looked for on every live key.
   */
  @Operation('getAccountUsage')
  async getUsage(@Param('accountId') accountId: string): Promise<AccountUsage> {
    const account = await this.accounts.view(accountId);
    const keys = await this.keys.live(account.id);
    const usage = await this.usage.of(
      account.id,
      account.limits,
      keys.map((key) => key.id),
    );
    return {
      ...usage,
      keys: keys.slice(0, ACTIVE_KEYS_MAX).map((key) => ({
        id: key.id,
        label: key.label,
        lastUsedAt: key.lastUsedAt === null ? null : new Date(key.lastUsedAt).toISOString(),
      })),
    };
  }
}
