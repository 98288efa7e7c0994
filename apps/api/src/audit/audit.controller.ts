import { Controller, Query, Req, Res } from '@nestjs/common';
import { type AuditEvent, ListAuditQuery, PROBLEMS } from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiException } from '../common/api-exception.js';
import { setNextLink } from '../common/base-url.js';
import { idField, openCursor, sealCursor } from '../common/cursor.js';
import { Operation } from '../common/operation.decorator.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { AuditRepository } from './audit.repository.js';

const invalidCursor = (issue: string) =>
  ApiException.of(PROBLEMS.invalidQuery(`cursor ${issue}`), [{ field: 'cursor', issue }]);

/** The filters a page was served under, as its cursor carries them. */
const scopeOf = (query: ListAuditQuery) =>
  [query.targetType ?? '', query.targetId ?? '', query.actorAccountId ?? ''].join(',');

@Controller()
export class AuditController {
  constructor(private readonly audit: AuditRepository) {}

  @Operation('listAudit')
  async list(
    @Query(new ZodPipe(ListAuditQuery, 'invalid_query')) query: ListAuditQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuditEvent[]> {
    let beforeId: number | undefined;
    if (query.cursor !== undefined) {
      const [version, id, scope] = openCursor(query.cursor) ?? [];
      beforeId = version === 'a1' ? idField(id) : undefined;
      if (beforeId === undefined) throw invalidCursor('is not a valid cursor');
      if (scope !== scopeOf(query)) throw invalidCursor('belongs to different filters');
    }
    // One row more than asked says whether another page follows.
    const events = await this.audit.list(query, query.limit + 1, beforeId);
    const last = events[query.limit - 1];
    if (events.length > query.limit && last) {
      const { targetType, targetId, actorAccountId, limit } = query;
      setNextLink(request, reply, '/admin/audit', {
        targetType,
        targetId,
        actorAccountId,
        limit,
        cursor: sealCursor(['a1', String(last.id), scopeOf(query)]),
      });
    }
    return events.slice(0, query.limit);
  }
}
