import type { FastifyRequest } from 'fastify';

/** `{base_url}` as the caller reached us (proxy headers count only when TRUST_PROXY says so). */
export const baseUrlOf = (request: FastifyRequest): string =>
  `${request.protocol}://${request.host}/v1`;
