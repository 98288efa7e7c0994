/** The usage of an account as a NestJS module: its one operation, on the accounts module. */
import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { UsageController } from './usage.controller.js';

/** The usage operation: served by the API only (the CLI has no rate limiter to read). */
@Module({ imports: [AccountsModule], controllers: [UsageController] })
export class UsageModule {}
