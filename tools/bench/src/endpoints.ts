/**
 * What the bench sends a build of the API: its database seeded with pets through the API, then
 * each measured endpoint named and addressed (the keyed list, a person's list, pages, a create, a
 * read, a 404, a 401 and the health check).
 */
import type { Build } from './servers.js';
import type { Target } from './measure.js';

/** One measured endpoint: its name in the report and the requests sent to it. */
export interface Endpoint {
  name: string;
  target: Target;
}

/** Creates `count` pets; resolves with their ids, in ascending order. */
async function seed(baseUrl: string, key: string, count: number): Promise<number[]> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const statuses = ['available', 'pending', 'sold'] as const;
  const ids: number[] = [];
  for (let i = 0; i < count; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - i) }, async (_, j) => {
        const n = i + j;
        const response = await fetch(`${baseUrl}/v1/pets`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            name: `Seed ${n}`,
            // The six categories every new installation starts with (a pet goes only in one).
            categoryId: 1 + (n % 6),
            status: statuses[n % 3],
          }),
        });
        if (response.status !== 201)
          throw new Error(`Seeding failed: ${response.status} ${await response.text()}`);
        ids.push(((await response.json()) as { id: number }).id);
      }),
    );
  }
  return ids.sort((a, b) => a - b);
}

/** The address of the second page of available pets, from the first page's Link header. */
async function filteredPage(baseUrl: string, key: string): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/pets?status=available&limit=20`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const link = response.headers.get('link');
  const next = link ? /^<([^>]+)>/.exec(link)?.[1] : undefined;
  if (!next) throw new Error('The seeded database has no second page of available pets');
  const url = new URL(next);
  return `${url.pathname}${url.search}`;
}

/**
 * Cursors to `count` positions in the catalogue, in id order, read by walking it one pet a page:
 * a list of pages more numerous than any cache keeps (the SQLite page cache holds 512).
 */
async function cursors(baseUrl: string, key: string, count: number): Promise<string[]> {
  const found: string[] = [];
  let path = '/v1/pets?limit=1';
  while (found.length < count) {
    const response = await fetch(`${baseUrl}${path}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const next = /^<([^>]+)>/.exec(response.headers.get('link') ?? '')?.[1];
    const cursor = next === undefined ? null : new URL(next).searchParams.get('cursor');
    if (cursor === null) throw new Error(`The seeded database has fewer than ${count + 1} pets`);
    found.push(cursor);
    path = `/v1/pets?limit=1&cursor=${cursor}`;
  }
  return found;
}

/** Seeds a build's database and names what the bench sends it. */
export async function endpointsOf(
  { servers, key, sessionCookie }: Build,
  seedCount: number,
): Promise<Endpoint[]> {
  const primary = servers[0];
  if (!primary) throw new Error('no API instance');
  // Ids differ by engine (on PostgreSQL they follow transaction ids): one of the seeded pets.
  const petId = (await seed(primary.baseUrl, key, seedCount))[6];
  const filtered = await filteredPage(primary.baseUrl, key);
  // More pages than the SQLite page cache keeps (512), taken in turn: each is read from the
  // database, as a list that no two requests share would be.
  const everyPage = (await cursors(primary.baseUrl, key, Math.min(1_000, seedCount - 20))).map(
    (cursor) => `/v1/pets?limit=20&cursor=${cursor}`,
  );
  const headers = { authorization: `Bearer ${key}` };
  const api = (path: string, extra: Partial<Target> = {}): Target => ({
    urls: servers.map((server) => `${server.baseUrl}${path}`),
    headers,
    ...extra,
  });
  // Well formed, so it is looked up, and unknown.
  const unknownKey = `${key.slice(0, -6)}${key.endsWith('Zz9Zz9') ? 'Yy8Yy8' : 'Zz9Zz9'}`;
  return [
    { name: 'GET /v1/pets?limit=20', target: api('/v1/pets?limit=20') },
    ...(sessionCookie === undefined
      ? []
      : [
          {
            name: 'GET /v1/pets?limit=20, a person signed in (session cookie)',
            target: api('/v1/pets?limit=20', { headers: { cookie: sessionCookie } }),
          },
        ]),
    { name: 'GET /v1/pets?status=available&cursor=…', target: api(filtered) },
    {
      name: 'GET /v1/pets?cursor=…, another page of 20 each time',
      target: api('/v1/pets', { paths: everyPage }),
    },
    {
      name: 'POST /v1/pets',
      target: api('/v1/pets', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench', categoryId: 3, status: 'pending' }),
      }),
    },
    { name: 'GET /v1/pets/{petId}', target: api(`/v1/pets/${String(petId)}`) },
    {
      name: 'GET /v1/no-such-route (404)',
      target: api('/v1/no-such-route', { expectedStatus: 404 }),
    },
    {
      name: 'GET /v1/pets?limit=20, unknown key (401)',
      target: api('/v1/pets?limit=20', {
        headers: { authorization: `Bearer ${unknownKey}` },
        expectedStatus: 401,
        manyClients: true,
      }),
    },
    { name: 'GET /healthz (public, no key)', target: api('/healthz', { headers: {} }) },
  ];
}

/** The endpoints whose name contains `filter` (all without one); none is a mistake, refused. */
export function chooseEndpoints(all: Endpoint[], filter: string | undefined): Endpoint[] {
  const endpoints =
    filter === undefined ? all : all.filter((endpoint) => endpoint.name.includes(filter));
  if (endpoints.length === 0)
    throw new Error(
      `No endpoint's name contains "${filter ?? ''}"; they are: ${all.map((e) => e.name).join(', ')}`,
    );
  return endpoints;
}
