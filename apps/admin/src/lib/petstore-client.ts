import { createPetstoreClient, type PetstoreClient } from '@pets/client';

/**
 * The real client. No retries: a person should see a 429 and its countdown, not a page that
 * silently waits.
 */
export const createRealClient = (apiKey: string): PetstoreClient =>
  createPetstoreClient({
    baseUrl: `${window.location.origin}/v1`,
    apiKey,
    retry: { retries: 0 },
  });
