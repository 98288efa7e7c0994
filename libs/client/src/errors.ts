import type { ErrorDetail } from '@pets/contract';

/** Every failure of a client call: an API error, a network failure or a timeout. */
export class PetstoreApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number | undefined,
    readonly details: readonly ErrorDetail[] = [],
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'PetstoreApiError';
  }
}
