import { createPet } from '@pets/contract/testing';
import { describe, expect, it } from 'vitest';
import { createPetstoreClient } from './client.js';
import { PetstoreApiError } from './errors.js';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('listPets', () => {
  it('sends the key and the query, and returns the validated pets', async () => {
    const calls: Request[] = [];
    const client = createPetstoreClient({
      baseUrl: 'http://api.test/v1/',
      apiKey: 'pets_test_abc',
      fetch: (input, init) => {
        calls.push(new Request(input, init));
        return Promise.resolve(json(200, [createPet()]));
      },
    });
    await expect(client.listPets({ limit: 5, status: 'sold' })).resolves.toEqual([createPet()]);
    expect(calls[0]?.url).toBe('http://api.test/v1/pets?limit=5&status=sold');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer pets_test_abc');
  });

  it('turns an error body into PetstoreApiError', async () => {
    const client = createPetstoreClient({
      baseUrl: 'http://api.test/v1',
      apiKey: 'k',
      fetch: () =>
        Promise.resolve(
          json(
            401,
            { code: 'invalid_api_key', message: 'The API key is not valid.', status: 401 },
            { 'x-request-id': 'r1' },
          ),
        ),
    });
    const error = await client.listPets().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PetstoreApiError);
    expect(error).toMatchObject({ code: 'invalid_api_key', status: 401, requestId: 'r1' });
  });

  it('refuses a response that is not a list of pets', async () => {
    const client = createPetstoreClient({
      baseUrl: 'http://api.test/v1',
      apiKey: 'k',
      fetch: () => Promise.resolve(json(200, [{ id: '1' }])),
    });
    await expect(client.listPets()).rejects.toMatchObject({ code: 'invalid_response' });
  });
});
