/**
 * The error filter of the whole app: whatever a route throws is answered in the contract's
 * `Error` shape.
 */
import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-response.js';

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendError(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }
}
