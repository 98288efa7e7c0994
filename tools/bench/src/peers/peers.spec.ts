// The NestJS peers as the bench starts them: bare NestJS answers the baseline's 20 pets; the docs
// peers, on Fastify and on Express, refuse a request without a known key, validate and convert
// `limit`, run the throttler on every request and list the seeded pets in id order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWENTY_PETS } from '../twenty-pets.js';
import { BARE_NEST, DOCS_NEST_EXPRESS, DOCS_NEST_FASTIFY } from './names.js';
import { type Peer, withPeers } from './peers.js';

let peers: Peer[] = [];
let stopped: Promise<unknown> = Promise.resolve();
let release: () => void = () => undefined;

beforeAll(async () => {
  await new Promise<void>((started, failed) => {
    stopped = withPeers(async (running) => {
      peers = running;
      started();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    stopped.catch(failed);
  });
});
afterAll(async () => {
  release();
  await stopped;
});

const peer = (name: string) => {
  const found = peers.find((p) => p.name === name);
  if (!found) throw new Error(`no peer ${name}`);
  return found;
};

it('starts the three peers, each with its own process', () => {
  expect(peers.map((p) => p.name)).toEqual([BARE_NEST, DOCS_NEST_FASTIFY, DOCS_NEST_EXPRESS]);
  expect(new Set(peers.map((p) => p.child.pid)).size).toBe(3);
});

it('bare NestJS answers the baseline’s 20 pets from memory', async () => {
  const { target } = peer(BARE_NEST);
  const response = await fetch(target.urls[0] ?? '');
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual(TWENTY_PETS);
});

describe.each([DOCS_NEST_FASTIFY, DOCS_NEST_EXPRESS])('%s', (name) => {
  const get = (query: string, authorization?: string) => {
    const { target } = peer(name);
    const url = new URL(target.urls[0] ?? '');
    return fetch(`${url.origin}/v1/pets${query}`, {
      headers: { authorization: authorization ?? target.headers?.['authorization'] ?? '' },
    });
  };

  it('lists 20 of the seeded pets for the bench’s key, in id order, through the throttler', async () => {
    const response = await fetch(peer(name).target.urls[0] ?? '', {
      headers: peer(name).target.headers ?? {},
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('1000000000');
    const pets = (await response.json()) as { id: number; name: string }[];
    expect(pets.map((pet) => pet.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(pets[0]).toEqual({ id: 1, name: 'Pet 1', categoryId: 1, status: 'available' });
  });

  it('converts and validates limit: 1 to 100, 20 when left out', async () => {
    expect(((await (await get('?limit=5')).json()) as unknown[]).length).toBe(5);
    expect(((await (await get('')).json()) as unknown[]).length).toBe(20);
    expect((await get('?limit=100')).status).toBe(200);
    for (const limit of ['0', '101', '2.5', 'ten'])
      expect((await get(`?limit=${limit}`)).status).toBe(400);
  });

  it('refuses a request without a key, or with one it does not know', async () => {
    expect((await get('', 'Bearer not-a-key')).status).toBe(401);
    const { target } = peer(name);
    expect((await fetch(target.urls[0] ?? '')).status).toBe(401);
  });
});

it('runs the docs peer on Express and on Fastify', async () => {
  const poweredBy = async (name: string) =>
    (
      await fetch(peer(name).target.urls[0] ?? '', { headers: peer(name).target.headers ?? {} })
    ).headers.get('x-powered-by');
  expect(await poweredBy(DOCS_NEST_EXPRESS)).toBe('Express');
  expect(await poweredBy(DOCS_NEST_FASTIFY)).toBeNull();
});
