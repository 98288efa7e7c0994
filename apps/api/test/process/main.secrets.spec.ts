// A whole run of the built server, with everything clients might send, never writes a key, a webhook
// signing secret or an `Authorization` value to its output.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccountKey, startServer } from '@pets/services';
import { afterAll, expect, it, vi } from 'vitest';

// Each test runs the CLI or the server several times, each run starting the API's services and
// migrating a new database: room for a machine busy with other suites (30 s was met at a load of 5).
vi.setConfig({ testTimeout: 90_000 });

const dir = mkdtempSync(join(tmpdir(), 'pets-secrets-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('a whole run of the API never writes a key, a webhook secret or an Authorization value to its output', async () => {
  const env = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://api.example.com',
    CURSOR_SECRET: 'a-cursor-secret-of-this-run-only-0123456789',
    WEBHOOK_SECRETS_KEY: 'a-webhook-secrets-key-of-this-run-only-0123456789',
    LOG_LEVEL: 'trace',
    DATABASE_URL: `sqlite:${join(dir, 'petstore.sqlite')}`,
  };
  const staff = createAccountKey(env, {
    name: 'Staff',
    plan: 'enterprise',
    role: 'staff',
    perMinute: 100_000,
    perDay: 1_000_000,
  });
  const partner = createAccountKey(env, { name: 'Partner', plan: 'free' });
  const server = await startServer(env);
  const secrets = [staff.key, partner.key];
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${server.baseUrl}${path}`, init).then((response) => response.arrayBuffer());
  const json = { 'content-type': 'application/json' };

  // Everything a partner, a careless client and a key guesser might send.
  for (const key of secrets) {
    const authorization = `Bearer ${key}`;
    await call('/v1/pets', { headers: { authorization } });
    await call('/v1/pets', {
      method: 'POST',
      headers: { authorization, ...json },
      body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
    });
    await call('/v1/pets', {
      method: 'POST',
      headers: { authorization, ...json },
      body: '{"name": ',
    });
    await call('/v1/pets?limit=500', { headers: { authorization } });
    await call('/v1/pets/999999', { headers: { authorization } });
    await call('/v1/admin/accounts', { headers: { authorization } });
    await call(`/v1/pets?access_token=${key}`);
    await call('/v1/pets', {
      headers: { authorization: `Basic ${Buffer.from(`user:${key}`).toString('base64')}` },
    });
    await call('/v1/pets', { headers: { authorization: `Bearer ${key}x` } });
    await call('/v1/pets', {
      method: 'POST',
      headers: { authorization, ...json },
      body: JSON.stringify({ name: key, apiKey: key }),
    });
  }
  const createdKey = (await fetch(`${server.baseUrl}/v1/account/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${staff.key}`, ...json },
    body: JSON.stringify({ label: 'Made over HTTP' }),
  }).then((response) => response.json())) as { key: string };
  secrets.push(createdKey.key);
  // A webhook endpoint's signing secrets, made and rolled (a public address written as itself:
  // production takes no other, and this machine resolves no public name).
  const hook = (await fetch(`${server.baseUrl}/v1/account/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${partner.key}`, ...json, 'idempotency-key': 'hook-1' },
    body: JSON.stringify({ url: 'https://93.184.215.14/hooks', events: ['order.placed'] }),
  }).then((response) => response.json())) as { id: number; secret: string };
  expect(hook.secret).toMatch(/^whsec_/);
  const rolled = (await fetch(`${server.baseUrl}/v1/account/webhooks/${hook.id}/secret`, {
    method: 'POST',
    headers: { authorization: `Bearer ${partner.key}` },
  }).then((response) => response.json())) as { secret: string };
  expect(rolled.secret).toMatch(/^whsec_/);
  secrets.push(hook.secret.slice('whsec_'.length), rolled.secret.slice('whsec_'.length));
  for (let i = 0; i < 70; i++)
    await call('/v1/pets', { headers: { authorization: `Bearer ${partner.key}` } });

  server.child.kill('SIGTERM');
  expect((await server.exited).code).toBe(0);
  const output = server.output();
  expect(output).toContain('"msg":"request"');
  for (const secret of secrets) expect(output).not.toContain(secret);
  expect(output).not.toContain(env.CURSOR_SECRET);
  expect(output).not.toContain(env.WEBHOOK_SECRETS_KEY);
  expect(output).not.toMatch(/bearer\s+pets_/i);
  expect(output.toLowerCase()).not.toContain('authorization');
  expect(output).not.toContain(Buffer.from(`user:${partner.key}`).toString('base64'));
});
