/** The real API client the admin uses, signed in by the session cookie. */
import { createPetstoreClient, type PetstoreClient } from '@pets/client';

/**
 * The real client. No API key: the person's session cookie goes with every call, to this origin
 * only. No retries: a person should see a 429 and its countdown, not a page that silently waits.
 */
export const createRealClient = (): PetstoreClient =>
  createPetstoreClient({
    baseUrl: `${window.location.origin}/v1`,
    retry: { retries: 0 },
  });
