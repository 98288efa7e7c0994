/**
 * People and their one-time links, without sessions or HTTP: what the command-line tool and the
 * first run need (no rate limiter, no Redis). A file of its own, so that the CLI loads none of the
 * people's controllers and what they bring (passkeys, single sign-on).
 */
import { Module } from '@nestjs/common';
import { AccountsCoreModule } from '../accounts/accounts-core.module.js';
import { AuditTrailModule } from '../audit/audit-trail.module.js';
import { LinksRepository } from './links/links.repository.js';
import { LinksService } from './links/links.service.js';
import { MailService } from './links/mail.service.js';
import { PeopleRepository } from './people.repository.js';

@Module({
  imports: [AuditTrailModule, AccountsCoreModule],
  providers: [PeopleRepository, LinksRepository, LinksService, MailService],
  exports: [PeopleRepository, LinksRepository, LinksService, MailService],
})
export class PeopleLinksModule {}
