/**
 * What the bench sends a build of the API: its database seeded with pets through the API, then
 * each measured endpoint named and addressed (the keyed list, a person's list, pages, a create, an
 * order placed, a read, a 404, a 401 and the health check).
 */
import type { Build } from './servers.js';
import type { RunOptions, Target } from './measure.js';

/** One measured endpoint: its name in the report and the requests sent to it. */
export interface Endpoint {
  name: string;
  target: Target;
  /**
   * The endpoint's own yardstick, measured in its turns instead of the bare Fastify list: a server
   * that does the same work bare (a photo's bytes from memory).
   */
  baseline?: { name: string; target: Target; pids: number[] };
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

/** Creates `count` available pets, 20 at a time; resolves with their ids, in ascending order. */
async function availablePets(baseUrl: string, key: string, count: number): Promise<number[]> {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const ids: number[] = [];
  for (let i = 0; i < count; i += 20)
    await Promise.all(
      Array.from({ length: Math.min(20, count - i) }, async (_, j) => {
        const response = await fetch(`${baseUrl}/v1/pets`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: `To adopt ${i + j}`, categoryId: 1 + ((i + j) % 6) }),
        });
        if (response.status !== 201)
          throw new Error(
            `Creating pets to order failed: ${response.status} ${await response.text()}`,
          );
        ids.push(((await response.json()) as { id: number }).id);
      }),
    );
  return ids.sort((a, b) => a - b);
}

/**
 * Orders a second of a run is expected to place before the first run has shown how many: above
 * what one instance places here (about 3,700 a second on SQLite since group commit), so that a run
 * without a warm-up (`--smoke`) does not run out of pets.
 */
export const FIRST_GUESS_PER_SECOND = 6_000;
/** How many more pets than the expected orders a run is given, so that none runs out. */
export const SUPPLY_MARGIN = 1.5;

/**
 * How many available pets a run of `seconds` needs: the orders a second the last run sent (or a
 * first guess), times the run's length, with a margin.
 */
export function petsNeeded(seconds: number, lastPerSecond: number | undefined): number {
  // autocannon samples once a second: a run asked for half a second (a smoke run) lasts about one.
  const lasts = Math.max(seconds, MIN_RUN_SECONDS);
  return Math.ceil((lastPerSecond ?? FIRST_GUESS_PER_SECOND) * lasts * SUPPLY_MARGIN);
}

/** What a run lasts at least, whatever it asks for (autocannon's sampling). */
export const MIN_RUN_SECONDS = 1;

/**
 * The available pets the order row orders, one each. Before each run (outside its CPU window, see
 * `Target.prepare`) enough new pets are created through the API for the run, and each request of
 * the run orders the next one: so every measured request is a place that succeeds, the whole of
 * its cost (the pet held, the order and the pet's move written with both events, the idempotency
 * record) and nothing else. Ordering and cancelling in turn would need no supply, but would
 * measure the mean of a place and a cancel. Should a run outlast its pets, the requests after the
 * last one order it again and are refused (409): they count as errors in the report, never as
 * places.
 */
export class PetSupply {
  /** Pets created and not yet ordered: `ready` from index `next` on. */
  private ready: number[] = [];
  private next = 0;
  private last = 0;
  /** Orders asked for in the current run, and how long it is. */
  private sent = 0;
  private seconds = 0;
  private lastPerSecond: number | undefined;

  constructor(private readonly create: (count: number) => Promise<number[]>) {}

  /** Tops the supply up for a run, after learning how fast the run before sent orders. */
  async prepare(options: RunOptions): Promise<void> {
    if (this.sent > 0 && this.seconds > 0) this.lastPerSecond = this.sent / this.seconds;
    this.sent = 0;
    this.seconds = options.duration ?? 0;
    const needed = options.amount ?? petsNeeded(this.seconds, this.lastPerSecond);
    this.ready = this.ready.slice(this.next);
    this.next = 0;
    // concat, not push(...): a run of 14 s or more at the first guess needs over 120,000 pets,
    // more arguments than a call takes.
    if (this.ready.length < needed)
      this.ready = this.ready.concat(await this.create(needed - this.ready.length));
  }

  /** The body of the next order: the next available pet (the last one again once none is left). */
  nextBody(): string {
    this.sent++;
    this.last = this.ready[this.next] ?? this.last;
    if (this.next < this.ready.length) this.next++;
    return JSON.stringify({ petId: this.last });
  }
}

/** Whether a build has store orders (an older one, compared with --against, may not). */
async function hasOrders(baseUrl: string, key: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/v1/store/inventory`, {
    headers: { authorization: `Bearer ${key}` },
  });
  await response.arrayBuffer();
  return response.status === 200;
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

/** The rows the targets read (targets.ts). */
export const KEYED_LIST = 'GET /v1/pets?limit=20';
/** A search of the pets' names, and a page of them in name order. */
export const SEARCH_LIST = 'GET /v1/pets?q=seed 1, a search, 20 a page';
export const SORTED_LIST = 'GET /v1/pets?sort=name, 20 a page by name';
export const CREATE_PET = 'POST /v1/pets';
export const READ_PET = 'GET /v1/pets/{petId}';
export const HEALTHZ = 'GET /healthz (public, no key)';

/** The order row's name (`--endpoint orders` chooses it). */
export const PLACE_ORDER = 'POST /v1/store/orders (place an order)';

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
  const supply = new PetSupply((count) => availablePets(primary.baseUrl, key, count));
  const placeOrder: Endpoint[] = (await hasOrders(primary.baseUrl, key))
    ? [
        {
          name: PLACE_ORDER,
          target: api('/v1/store/orders', {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            nextBody: () => supply.nextBody(),
            prepare: (options) => supply.prepare(options),
          }),
        },
      ]
    : [];
  // Well formed, so it is looked up, and unknown.
  const unknownKey = `${key.slice(0, -6)}${key.endsWith('Zz9Zz9') ? 'Yy8Yy8' : 'Zz9Zz9'}`;
  return [
    { name: KEYED_LIST, target: api('/v1/pets?limit=20') },
    ...(sessionCookie === undefined
      ? []
      : [
          {
            name: 'GET /v1/pets?limit=20, a person signed in (session cookie)',
            target: api('/v1/pets?limit=20', { headers: { cookie: sessionCookie } }),
          },
        ]),
    { name: 'GET /v1/pets?status=available&cursor=…', target: api(filtered) },
    // A search (a long word anywhere, a short one at the start of a word) and a page by name.
    { name: SEARCH_LIST, target: api('/v1/pets?limit=20&q=seed%201') },
    { name: SORTED_LIST, target: api('/v1/pets?limit=20&sort=name') },
    {
      name: 'GET /v1/pets?cursor=…, another page of 20 each time',
      target: api('/v1/pets', { paths: everyPage }),
    },
    {
      name: CREATE_PET,
      target: api('/v1/pets', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench', categoryId: 3, status: 'pending' }),
      }),
    },
    ...placeOrder,
    { name: READ_PET, target: api(`/v1/pets/${String(petId)}`) },
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
    { name: HEALTHZ, target: api('/healthz', { headers: {} }) },
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
