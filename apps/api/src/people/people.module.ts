/**
 * The people modules: people and their one-time links (for the command-line tool and the first
 * run), and with sessions and HTTP routes for the API.
 */
import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { LinksRepository } from './links.repository.js';
import { LinksService } from './links.service.js';
import { PasskeysController } from './passkeys.controller.js';
import { PasskeysRepository } from './passkeys.repository.js';
import { PasskeysService } from './passkeys.service.js';
import { PeopleController } from './people.controller.js';
import { PeopleRepository } from './people.repository.js';
import { PeopleService } from './people.service.js';
import { SessionAccessGuard } from './session-access.guard.js';
import { SessionController } from './session.controller.js';
import { SessionStrategy } from './session.strategy.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';
import { SignInLimit } from './sign-in-limit.js';
import { SingleSignOnController } from './single-sign-on.controller.js';
import { SingleSignOnService } from './single-sign-on.service.js';

/**
 * People and their one-time links, without sessions or HTTP: what the command-line tool and the
 * first run need (no rate limiter, no Redis).
 */
@Module({
  imports: [AuditModule, AccountsModule],
  providers: [PeopleRepository, LinksRepository, LinksService],
  exports: [PeopleRepository, LinksRepository, LinksService],
})
export class PeopleLinksModule {}

/** People of accounts and their sessions (README: People sign in), and the operations of signing in. */
@Module({
  imports: [PassportModule, AuditModule, AccountsModule, PeopleLinksModule],
  controllers: [SessionController, PeopleController, PasskeysController, SingleSignOnController],
  providers: [
    PeopleService,
    SessionsRepository,
    SessionsService,
    SignInLimit,
    SessionStrategy,
    SessionAccessGuard,
    SingleSignOnService,
    PasskeysRepository,
    PasskeysService,
  ],
  exports: [PeopleLinksModule, PeopleService, SessionsService, SessionStrategy, SessionAccessGuard],
})
export class PeopleModule {}
