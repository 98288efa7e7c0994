// The served document's server: PUBLIC_URL when set, else the address the API listens on.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { serverUrlOf } from './server-url.js';

describe('the server the served OpenAPI document names', () => {
  it('is PUBLIC_URL followed by /v1 when it is set', () => {
    expect(serverUrlOf({ publicUrl: 'https://api.example.com', host: '0.0.0.0', port: 3000 })).toBe(
      'https://api.example.com/v1',
    );
    expect(
      serverUrlOf({ publicUrl: 'https://example.com/pets', host: '127.0.0.1', port: 8080 }),
    ).toBe('https://example.com/pets/v1');
  });

  it.each([
    ['0.0.0.0', 3000, 'http://localhost:3000/v1'],
    ['::', 3000, 'http://localhost:3000/v1'],
    ['127.0.0.1', 8080, 'http://127.0.0.1:8080/v1'],
    ['::1', 8080, 'http://[::1]:8080/v1'],
    ['api.internal', 80, 'http://api.internal:80/v1'],
  ])('is the address it listens on without PUBLIC_URL (HOST %s, PORT %i)', (host, port, url) => {
    expect(serverUrlOf({ publicUrl: undefined, host, port })).toBe(url);
  });

  it('is what GET /v1/openapi.json serves', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://api.example.com/' } });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
      expect(response.json<{ servers: unknown }>().servers).toEqual([
        { url: 'https://api.example.com/v1', description: 'Version 1 of the API.' },
      ]);
    } finally {
      await t.close();
    }
  });
});
