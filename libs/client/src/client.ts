import { ApiError, HEADERS, type ListPetsQueryInput, Pets } from '@pets/contract';
import { PetstoreApiError } from './errors.js';

export interface PetstoreClientOptions {
  /** The API's base address, ending in `/v1`, e.g. `http://localhost:3000/v1`. */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof globalThis.fetch;
}

export interface PetstoreClient {
  listPets(query?: ListPetsQueryInput): Promise<Pets>;
}

export function createPetstoreClient(options: PetstoreClientOptions): PetstoreClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function get(path: string): Promise<unknown> {
    const response = await fetchImpl(`${baseUrl}${path}`, {
      headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' },
    });
    const requestId = response.headers.get(HEADERS.requestId) ?? undefined;
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const error = ApiError.safeParse(body);
      if (error.success) {
        throw new PetstoreApiError(
          error.data.code,
          error.data.message,
          response.status,
          error.data.details,
          requestId,
        );
      }
      throw new PetstoreApiError(
        'invalid_response',
        `HTTP ${response.status} without an error body`,
        response.status,
        [],
        requestId,
      );
    }
    return body;
  }

  return {
    async listPets(query = {}) {
      const params = new URLSearchParams();
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      if (query.status !== undefined) params.set('status', query.status);
      if (query.cursor !== undefined) params.set('cursor', query.cursor);
      const search = params.size > 0 ? `?${params.toString()}` : '';
      const parsed = Pets.safeParse(await get(`/pets${search}`));
      if (!parsed.success)
        throw new PetstoreApiError(
          'invalid_response',
          'The API answered with something that is not a list of pets',
          200,
        );
      return parsed.data;
    },
  };
}
