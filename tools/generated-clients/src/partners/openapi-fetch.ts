/**
 * A partner's program on the types openapi-typescript makes from the served document and the
 * openapi-fetch client, both with their default flags: what a partner would write, typed end to end.
 * It lists pets page by page (following `Link`), creates a pet with an `Idempotency-Key` (twice:
 * the retry gets the same pet), places an order, and backs off on a `429` for `Retry-After` seconds.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from '../../test-output/openapi-typescript/schema.js';

type Pet = components['schemas']['Pet'];
type Order = components['schemas']['Order'];

export interface Run {
  /** The API's address, `…/v1` (openapi-fetch takes no address from the document). */
  baseUrl: string;
  key: string;
  /** A key of an account whose limit a few requests reach. */
  limitedKey: string;
  /** Waits (the test records the waits instead). */
  sleep: (ms: number) => Promise<void>;
}

export interface Report {
  created: Pet;
  retried: Pet;
  listed: number[];
  pages: number;
  order: Order;
  limited: { status: number; code: string; retryAfter: number; waits: number[] };
}

/** The `cursor` of the next page, from `Link: <…?cursor=…>; rel="next"`; none on the last page. */
function nextCursor(link: string | null): string | undefined {
  const next = /<([^>]+)>;\s*rel="next"/.exec(link ?? '')?.[1];
  return next === undefined ? undefined : (new URL(next).searchParams.get('cursor') ?? undefined);
}

export async function run({ baseUrl, key, limitedKey, sleep }: Run): Promise<Report> {
  const client = createClient<paths, 'application/json'>({
    baseUrl,
    headers: { Authorization: `Bearer ${key}` },
  });

  const categories = await client.GET('/categories');
  const categoryId = categories.data?.[0]?.id;
  if (categoryId === undefined) throw new Error(`no category: ${categories.response.status}`);

  // A create is safe to retry with the same Idempotency-Key: the retry gets the first answer.
  const idempotencyKey = crypto.randomUUID();
  const create = () =>
    client.POST('/pets', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: { name: 'Rex', categoryId },
    });
  const first = await create();
  const again = await create();
  if (first.data === undefined || again.data === undefined)
    throw new Error(`create: ${first.error?.code ?? ''} ${again.error?.code ?? ''}`);
  for (const name of ['Tom', 'Kiki']) {
    const made = await client.POST('/pets', { body: { name, categoryId, status: 'available' } });
    if (made.error) throw new Error(`create ${name}: ${made.error.code}`);
  }

  const listed: number[] = [];
  let pages = 0;
  let cursor: string | undefined;
  do {
    const page = await client.GET('/pets', { params: { query: { limit: 2, cursor } } });
    if (page.error) throw new Error(`list: ${page.error.code}`);
    pages += 1;
    listed.push(...page.data.map((pet) => pet.id));
    cursor = nextCursor(page.response.headers.get('link'));
  } while (cursor !== undefined);

  const placed = await client.POST('/store/orders', { body: { petId: first.data.id } });
  if (placed.error) throw new Error(`order: ${placed.error.code}`);

  // A key with a small limit: on 429, wait Retry-After seconds and try again, twice at most.
  const limitedClient = createClient<paths, 'application/json'>({
    baseUrl,
    headers: { Authorization: `Bearer ${limitedKey}` },
  });
  const waits: number[] = [];
  let last = await limitedClient.GET('/pets', { params: { query: { limit: 1 } } });
  for (let sent = 1; sent < 20 && last.response.status !== 429; sent++)
    last = await limitedClient.GET('/pets', { params: { query: { limit: 1 } } });
  for (let retry = 0; retry < 2 && last.response.status === 429; retry++) {
    const seconds = Number(last.response.headers.get('retry-after') ?? '1');
    waits.push(seconds);
    await sleep(seconds * 1000);
    last = await limitedClient.GET('/pets', { params: { query: { limit: 1 } } });
  }

  return {
    created: first.data,
    retried: again.data,
    listed,
    pages,
    order: placed.data,
    limited: {
      status: last.response.status,
      code: last.error?.code ?? '',
      retryAfter: Number(last.response.headers.get('retry-after')),
      waits,
    },
  };
}
