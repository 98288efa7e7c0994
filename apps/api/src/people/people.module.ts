import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { PeopleRepository } from './people.repository.js';
import { SessionAccessGuard } from './session-access.guard.js';
import { SessionController } from './session.controller.js';
import { SessionStrategy } from './session.strategy.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';
import { SignInLimit } from './sign-in-limit.js';

/** People of accounts and their sessions (decisions §15), and the operations of signing in. */
@Module({
  imports: [PassportModule, AuditModule, AccountsModule],
  controllers: [SessionController],
  providers: [
    PeopleRepository,
    SessionsRepository,
    SessionsService,
    SignInLimit,
    SessionStrategy,
    SessionAccessGuard,
  ],
  exports: [PeopleRepository, SessionsService, SessionStrategy, SessionAccessGuard],
})
export class PeopleModule {}
