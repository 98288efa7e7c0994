// The app as a whole: its public routes, the request id and security headers on every answer,
// errors in the contract's shape, CORS, and one JSON log line per request.
import { createOpenApiDocument } from '@pets/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { CORS_ORIGINS: 'https://admin.example.com' } });
});
afterAll(async () => {
  await t.close();
});

describe('public routes', () => {
  it('GET /healthz answers ok', async () => {
    const response = await t.as().get('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('GET /readyz reports its checks', async () => {
    const response = await t.as().get('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it('GET /v1/openapi.json serves the document generated from the contract', async () => {
    const response = await t.as().get('/v1/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual(
      createOpenApiDocument({ serverUrl: `http://localhost:${t.config.port}/v1` }),
    );
  });

  it('GET /docs serves a reference page whose scripts are all local', async () => {
    const response = await t.as().get('/docs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('id="reference"');
    const sources = [...response.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources).toEqual(['/docs/assets/standalone.js', '/docs/init.js']);
    for (const source of sources) {
      const asset = await t.as().get(source);
      expect(asset.statusCode, source).toBe(200);
    }
    const init = await t.as().get('/docs/init.js');
    expect(init.body).toContain('"url": "/v1/openapi.json"');
  });

  it("serves only the reference's script from the renderer's folder, not its chunks or maps", async () => {
    for (const url of [
      '/docs/assets/standalone.js.map',
      '/docs/assets/standalone.esm.js',
      '/docs/assets/chunks/',
      '/docs/assets/',
    ]) {
      const response = await t.as().get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('every response', () => {
  it('gets a fresh X-Request-Id, or echoes a valid one', async () => {
    const fresh = await t.as().get('/healthz');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await t.as({ 'x-request-id': 'partner-req.42' }).get('/healthz');
    expect(echoed.headers['x-request-id']).toBe('partner-req.42');
    const refused = await t.as({ 'x-request-id': 'bad id\u00e9' }).get('/healthz');
    expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('carries security headers', async () => {
    const response = await t.as().get('/healthz');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
    const docs = await t.as().get('/docs');
    // Only the reference page allows inline styles (Scalar adds them as it renders).
    expect(docs.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(docs.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it.each(['/healthz', '/v1/pets', '/docs', '/v1/openapi.json'])(
    '%s may be framed by no page, in both headers alike',
    async (url) => {
      const response = await t.as().get(url);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    },
  );
});

describe('errors', () => {
  it('an unknown route is 404 not_found in the contract shape', async () => {
    const response = await t.as().get('/v2/nothing?x=1');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({
      code: 'not_found',
      message: 'No route matches GET /v2/nothing.',
      status: 404,
    });
    expect(response.headers['x-request-id']).toBeDefined();
  });
});

describe('CORS', () => {
  it('answers a configured origin and exposes the contract headers', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/openapi.json',
      headers: { origin: 'https://admin.example.com', 'access-control-request-method': 'GET' },
    });
    expect(response.headers['access-control-allow-origin']).toBe('https://admin.example.com');
    const simple = await t.as({ origin: 'https://admin.example.com' }).get('/healthz');
    expect(simple.headers['access-control-expose-headers']).toContain('X-RateLimit-Remaining');
    expect(simple.headers['access-control-expose-headers']).toContain('RateLimit-Policy');
  });

  it('gives other origins no Access-Control-Allow-Origin', async () => {
    const response = await t.as({ origin: 'https://evil.example.com' }).get('/healthz');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('logging', () => {
  it('writes one JSON line per request with the contract fields', async () => {
    const response = await t.as({ 'x-request-id': 'log-check-1' }).get('/healthz');
    expect(response.statusCode).toBe(200);
    const line = t.logs.find(
      (entry) => entry['requestId'] === 'log-check-1' && entry['msg'] === 'request',
    );
    expect(line).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/healthz',
      status: 200,
      accountId: null,
    });
    expect(typeof line?.['latencyMs']).toBe('number');
  });
});
