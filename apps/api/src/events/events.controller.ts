/** `GET /v1/events`: what changed, oldest first (beta). */
import { Controller, Req, Res } from '@nestjs/common';
import { type Event, ListEventsQuery } from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Operation } from '../gate/operation.decorator.js';
import { CurrentPrincipal } from '../gate/principal.decorator.js';
import type { Principal } from '../gate/principal.js';
import { answerPage } from '../paging/paging.js';
import { OperationQuery } from '../parsing/operation-input.js';
import { EventsService } from './events.service.js';

@Controller()
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Operation('listEvents')
  async list(
    @OperationQuery() query: ListEventsQuery,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Event[]> {
    const page = await this.events.page(principal, query);
    return answerPage(
      request,
      reply,
      '/events',
      { type: query.type?.join(','), limit: query.limit },
      page,
    );
  }
}
