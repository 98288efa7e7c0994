/**
 * The audit trail for staff (`GET /v1/admin/audit`): its events newest first, filtered by target
 * and by actor, with the names of actor and target on `expand`, in pages with a signed cursor and
 * `Link: rel="next"`.
 */
import { Controller, Req, Res } from '@nestjs/common';
import { type AuditEvent, expandText, ListAuditQuery } from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Cursors } from '../paging/cursor.js';
import { Operation } from '../gate/operation.decorator.js';
import { answerPage, scopedPage } from '../paging/paging.js';
import { OperationQuery } from '../parsing/operation-input.js';
import { AuditRepository } from './audit.repository.js';

/** The filters a page was served under, as its cursor carries them. */
const scopeOf = (query: ListAuditQuery) =>
  [query.targetType ?? '', query.targetId ?? '', query.actorAccountId ?? ''].join(',');

@Controller()
export class AuditController {
  constructor(
    private readonly audit: AuditRepository,
    private readonly cursors: Cursors,
  ) {}

  @Operation('listAudit')
  async list(
    @OperationQuery() query: ListAuditQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuditEvent[]> {
    const page = await scopedPage(
      this.cursors,
      { kind: 'a1', scope: scopeOf(query) },
      query,
      (beforeId, take) => this.audit.list(query, take, beforeId, query.expand),
    );
    const { targetType, targetId, actorAccountId, limit } = query;
    const expand = expandText(query.expand);
    const kept = { targetType, targetId, actorAccountId, expand, limit };
    return answerPage(request, reply, '/admin/audit', kept, page);
  }
}
