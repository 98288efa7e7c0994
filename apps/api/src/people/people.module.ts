/**
 * The people module of the API: people, their sessions and the HTTP routes of signing in, on top
 * of their one-time links (PeopleLinksModule, which the command-line tool uses alone).
 */
import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { InvitationsService } from './links/invitations.service.js';
import { PeopleLinksModule } from './people-links.module.js';
import { PasskeysController } from './passkeys/passkeys.controller.js';
import { PasskeysRepository } from './passkeys/passkeys.repository.js';
import { PasskeysService } from './passkeys/passkeys.service.js';
import { PeopleController } from './people.controller.js';
import { PeopleService } from './people.service.js';
import { SessionAccessGuard } from './sessions/session-access.guard.js';
import { SessionController } from './sessions/session.controller.js';
import { SessionStrategy } from './sessions/session.strategy.js';
import { SessionsRepository } from './sessions/sessions.repository.js';
import { SessionsService } from './sessions/sessions.service.js';
import { SignInLimit } from './sessions/sign-in-limit.js';
import { SingleSignOnController } from './single-sign-on/single-sign-on.controller.js';
import { SingleSignOnService } from './single-sign-on/single-sign-on.service.js';

@Module({
  imports: [PassportModule, AuditModule, AccountsModule, PeopleLinksModule],
  controllers: [SessionController, PeopleController, PasskeysController, SingleSignOnController],
  providers: [
    PeopleService,
    InvitationsService,
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
