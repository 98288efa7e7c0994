/** The probes: /healthz says the process is up, /readyz whether it can serve (503 if it cannot). */
import { Controller, Get, Header, HttpCode, HttpStatus, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../gate/public.decorator.js';
import { HealthService } from './health.service.js';

@Controller()
@Public()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** The process is up. */
  @Get('healthz')
  @Header('Cache-Control', 'no-store')
  @HttpCode(HttpStatus.OK)
  live() {
    return { status: 'ok' };
  }

  /** The process can serve: every dependency it needs is reachable. */
  @Get('readyz')
  @Header('Cache-Control', 'no-store')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const readiness = await this.health.readiness();
    void reply.status(
      readiness.status === 'unavailable' ? HttpStatus.SERVICE_UNAVAILABLE : HttpStatus.OK,
    );
    return readiness;
  }
}
