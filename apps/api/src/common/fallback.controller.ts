import { All, Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { noRoute } from './api-exception.js';

/**
 * Any other path or method under /v1: `404 not_found`, after authentication and rate limiting like
 * every API request, so it carries the same headers.
 */
@Controller('v1')
export class FallbackController {
  @All()
  root(@Req() request: FastifyRequest): never {
    return this.notFound(request);
  }

  @All('*')
  notFound(@Req() request: FastifyRequest): never {
    throw noRoute(request);
  }
}
