/**
 * The answer for any other path or method under /v1: 405 when only the method is wrong, 404
 * otherwise, after authentication and rate limiting like every API request.
 */
import { All, Controller, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { unmatchedRoute } from './allowed-methods.js';
import { Gated } from './gate.decorator.js';

/**
 * Any other path or method under /v1: `405 method_not_allowed` when only the method is wrong,
 * otherwise `404 not_found`, after authentication and rate limiting like
 * every API request, so it carries the same headers.
 */
@Controller('v1')
export class FallbackController {
  @All()
  @Gated()
  root(@Req() request: FastifyRequest): never {
    return this.notFound(request);
  }

  @All('*')
  @Gated()
  notFound(@Req() request: FastifyRequest): never {
    throw unmatchedRoute(request);
  }
}
