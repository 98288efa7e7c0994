/** An account's usage: served by the API only (the CLI has no rate limiter to read). */
import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { UsageController } from './usage.controller.js';

@Module({ imports: [AccountsModule], controllers: [UsageController] })
export class UsageModule {}
