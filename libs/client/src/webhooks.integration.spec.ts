// The client's webhooks against the real API, as a partner's script uses them: it registers an
// endpoint (its own server on loopback), changes a pet, and receives `pet.updated`, verified with
// `verifyWebhook`, within 2 seconds; the same event `listEvents` lists. Then it asks for a test
// event, reads the attempt that sent it, and has that delivery sent again.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccountKey, type ServerProcess, startServer } from '@pets/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from './answers.js';
import { createPetstoreClient } from './client.js';
import { verifyWebhook } from './webhooks.js';

describe("a partner's script with webhooks, against the real API", () => {
  let server: ServerProcess;
  let dir: string | undefined;
  let partnerKey: string;
  let receiver: Server;
  /** What the partner's server received and verified, in order, with when. */
  const heard: { event: Event; at: number }[] = [];
  let secret = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pets-client-webhooks-'));
    // The partner's receiver runs on this machine: the API may call loopback only so.
    const env = {
      DATABASE_URL: `sqlite:${join(dir, 'petstore.sqlite')}`,
      NODE_ENV: 'test',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    };
    partnerKey = createAccountKey(env, { name: 'Partner', plan: 'pro' }).key;
    server = await startServer(env);
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        try {
          heard.push({
            event: verifyWebhook(Buffer.concat(chunks), request.headers, secret),
            at: Date.now(),
          });
          response.writeHead(204).end();
        } catch {
          response.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  }, 90_000);

  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
    const started = server as ServerProcess | undefined;
    if (started) {
      started.child.kill('SIGTERM');
      await started.exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('registers an endpoint, changes a pet, and hears the verified pet.updated within 2 s', async () => {
    const client = createPetstoreClient({ baseUrl: `${server.baseUrl}/v1`, apiKey: partnerKey });
    const port = (receiver.address() as AddressInfo).port;
    const { data: endpoint } = await client.createWebhookEndpoint({
      url: `http://127.0.0.1:${port}/petstore`,
      events: ['pet.updated'],
    });
    secret = endpoint.secret;
    expect(endpoint.secret).toMatch(/^whsec_/);

    const { data: pet } = await client.createPet({ name: 'Rex', categoryId: 1 });
    const changedAt = Date.now();
    await client.updatePet(pet.id, { status: 'pending' });
    while (heard.length === 0 && Date.now() - changedAt < 5_000)
      await new Promise((resolve) => setTimeout(resolve, 20));

    expect(heard).toHaveLength(1);
    const [{ event, at }] = heard as [(typeof heard)[number]];
    expect(event.type).toBe('pet.updated');
    if (event.type === 'pet.updated') expect(event.data).toEqual({ ...pet, status: 'pending' });
    expect(at - changedAt).toBeLessThan(2_000);
    // The same event as the feed lists it.
    const listed = [];
    for await (const one of client.iterateEvents({ type: ['pet.updated'] })) listed.push(one);
    expect(listed).toEqual([event]);
  });

  it('sends a test event, lists its attempt, and sends it again with the same id', async () => {
    const client = createPetstoreClient({ baseUrl: `${server.baseUrl}/v1`, apiKey: partnerKey });
    const [endpoint] = (await client.listWebhookEndpoints()).data;
    const endpointId = endpoint?.id ?? 0;
    heard.length = 0;
    const waitFor = async (count: number) => {
      const since = Date.now();
      while (heard.length < count && Date.now() - since < 5_000)
        await new Promise((resolve) => setTimeout(resolve, 20));
    };

    const { data: delivery, status } = await client.sendWebhookTestEvent(endpointId);
    expect(status).toBe(202);
    expect(delivery).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    await waitFor(1);
    expect(heard.map(({ event }) => event)).toEqual([
      {
        id: delivery.eventId,
        type: 'webhook.test',
        createdAt: expect.any(String) as string,
        data: { endpointId },
      },
    ]);

    // The attempt as logged; every attempt, page after page.
    let logged;
    for (let tries = 0; tries < 50 && logged === undefined; tries++) {
      logged = (await client.listWebhookAttempts(endpointId, { limit: 1 })).data.find(
        (attempt) => attempt.deliveryId === delivery.id,
      );
      if (logged === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(logged).toMatchObject({ attempt: 1, succeeded: true, responseStatus: 204 });
    const all = [];
    for await (const attempt of client.iterateWebhookAttempts(endpointId, { limit: 1 }))
      all.push(attempt.id);
    expect(all).toHaveLength(2);

    const resent = await client.resendWebhookDelivery(endpointId, delivery.id);
    expect(resent).toMatchObject({ status: 202, data: { id: delivery.id, status: 'pending' } });
    await waitFor(2);
    expect(heard[1]?.event).toEqual(heard[0]?.event);
  });
});
