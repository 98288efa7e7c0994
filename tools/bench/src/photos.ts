/**
 * The pet photo rows: uploads of a camera's 12 MP JPEG timed one after another and a few at once,
 * with the API's CPU and peak RSS over them; and, once the first page of pets has photos, two
 * endpoints for the turns: a photo's public image beside bare Fastify serving the same bytes with
 * the same headers (peers/bare-photo.server.ts), and the list with `expand=photos`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PHOTOS_PER_PET_MAX, type PetPhoto } from '@pets/contract';
import { clockTicksPerSecond, cpuBetween, readCpu } from './cpu-time.js';
import type { Endpoint } from './endpoints.js';
import { statusMegabytes } from './fixed-rate-and-memory.js';
import type { Target } from './measure.js';
import type { Settings } from './options.js';
import { CAMERA, photoJpeg, SMALLER } from './photo-jpeg.js';
import type { UploadsReport } from './report.js';
import { type Build, startListening, stop } from './servers.js';
import { median } from './statistics.js';

/** The rows' names (`--endpoint photos` chooses them all). */
export const UPLOAD_PHOTO = 'POST /v1/pets/{petId}/photos, a 12 MP JPEG';
export const SERVE_PHOTO = 'GET /photos/{key}-1080.webp (a photo, public)';
export const EXPANDED_LIST = 'GET /v1/pets?limit=20&expand=photos';

/**
 * Uploads in work at once that the API takes: it processes 2 and queues 2
 * (apps/api/src/photos/images.ts); a fifth would be refused with 503.
 */
export const UPLOADS_TOGETHER = 4;

const PEER = fileURLToPath(new URL('../dist/peers/bare-photo.server.js', import.meta.url));
const TICKS_PER_SECOND = clockTicksPerSecond();

/** The headers of the API's image that the bare server sends with the same bytes. */
export const SERVED_HEADERS = [
  'cache-control',
  'etag',
  'content-type',
  'cross-origin-resource-policy',
] as const;

/** Whether `--endpoint` (if given) chooses the row named `name`. */
export const chosen = (filter: string | undefined, name: string) =>
  filter === undefined || name.includes(filter);

/** An API instance and a key to it: where the photos are sent. */
interface Api {
  baseUrl: string;
  key: string;
}

async function createPet(api: Api, name: string): Promise<number> {
  const response = await fetch(`${api.baseUrl}/v1/pets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, categoryId: 1 }),
  });
  if (response.status !== 201)
    throw new Error(`Creating a pet for photos failed: ${response.status}`);
  return ((await response.json()) as { id: number }).id;
}

/** Sends `jpeg` as a photo of the pet: its status and, when added, the photo. */
async function upload(
  api: Api,
  petId: number,
  jpeg: Buffer,
): Promise<{ status: number; photo: PetPhoto | undefined }> {
  const response = await fetch(`${api.baseUrl}/v1/pets/${petId}/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.key}`, 'content-type': 'image/jpeg' },
    body: jpeg,
  });
  if (response.status !== 201) {
    await response.arrayBuffer();
    return { status: response.status, photo: undefined };
  }
  return { status: 201, photo: (await response.json()) as PetPhoto };
}

/** Pets to upload to, a new one each time the last has all the photos a pet may have. */
function petsWithRoom(api: Api): () => Promise<number> {
  let petId = 0;
  let photos = PHOTOS_PER_PET_MAX;
  return async () => {
    if (photos === PHOTOS_PER_PET_MAX) {
      petId = await createPet(api, 'Photo bench');
      photos = 0;
    }
    photos++;
    return petId;
  };
}

/**
 * The highest RSS of a process from now on: the kernel's peak (VmHWM) once reset (writing 5 to
 * clear_refs, Linux 4.0 and later), or else the highest of readings every 20 ms.
 */
function peakRss(pid: number): () => { mb: number; from: 'VmHWM' | 'samples' } {
  let reset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    reset = false;
  }
  let sampled = statusMegabytes(pid, 'VmRSS');
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, statusMegabytes(pid, 'VmRSS'));
  }, 20);
  return () => {
    clearInterval(sampler);
    sampled = Math.max(sampled, statusMegabytes(pid, 'VmRSS'));
    return reset
      ? { mb: Math.max(sampled, statusMegabytes(pid, 'VmHWM')), from: 'VmHWM' }
      : { mb: sampled, from: 'samples' };
  };
}

const seconds = (from: number) => (performance.now() - from) / 1_000;
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * The upload row, on one instance (`pid`): a camera's JPEG sent `settings.photoUploads` times one
 * after another (after one unmeasured, unless there is no warm-up), then {@link UPLOADS_TOGETHER}
 * at once; each part's times, the instance's CPU and its peak RSS.
 */
export async function uploadRun(
  api: Api,
  pid: number,
  settings: Settings,
): Promise<Omit<UploadsReport, 'targets'>> {
  const jpeg = await photoJpeg(CAMERA);
  const nextPet = petsWithRoom(api);
  let errors = 0;
  const send = async () => {
    const { status } = await upload(api, await nextPet(), jpeg);
    if (status !== 201) errors++;
  };
  // The instance as the seed left it: the first upload's allocations stay (libvips, malloc's arenas).
  const rssIdle = statusMegabytes(pid, 'VmRSS');
  if (settings.warmup > 0) await send();

  const rssBefore = statusMegabytes(pid, 'VmRSS');
  const peak = peakRss(pid);
  const times: number[] = [];
  let cpuNanoseconds = 0;
  for (let i = 0; i < settings.photoUploads; i++) {
    const petId = await nextPet();
    const before = readCpu(pid);
    const started = performance.now();
    const { status } = await upload(api, petId, jpeg);
    times.push(seconds(started));
    cpuNanoseconds += cpuBetween([before], [readCpu(pid)], TICKS_PER_SECOND).nanoseconds;
    if (status !== 201) errors++;
  }
  const oneAtATime = peak();

  const togetherBefore = statusMegabytes(pid, 'VmRSS');
  const togetherPeak = peakRss(pid);
  const pets = [];
  for (let i = 0; i < UPLOADS_TOGETHER; i++) pets.push(await nextPet());
  const started = performance.now();
  const statuses = await Promise.all(pets.map((petId) => upload(api, petId, jpeg)));
  const togetherSeconds = seconds(started);
  const together = togetherPeak();
  errors += statuses.filter(({ status }) => status !== 201).length;

  return {
    image: { ...CAMERA, bytes: jpeg.length },
    rssIdleMb: rssIdle,
    oneAtATime: {
      uploads: times.length,
      medianSeconds: round(median(times), 3),
      maxSeconds: round(Math.max(...times), 3),
      cpuSecondsPerUpload: round(cpuNanoseconds / 1e9 / Math.max(1, times.length), 3),
      rssBeforeMb: rssBefore,
      peakRssMb: oneAtATime.mb,
    },
    together: {
      uploads: UPLOADS_TOGETHER,
      seconds: round(togetherSeconds, 3),
      rssBeforeMb: togetherBefore,
      peakRssMb: together.mb,
    },
    peakFrom: oneAtATime.from,
    errors,
  };
}

/** Whether the build has photos (an older one, compared with `--against`, may not). */
async function hasPhotos(api: Api, petId: number): Promise<boolean> {
  const response = await fetch(`${api.baseUrl}/v1/pets/${petId}/photos`, {
    headers: { authorization: `Bearer ${api.key}` },
  });
  await response.arrayBuffer();
  return response.status === 200;
}

/** The photo endpoints of a build, and how to stop what they started. */
export interface PhotoEndpoints {
  endpoints: Endpoint[];
  stop: () => Promise<void>;
}

/**
 * Gives each pet of the first page 1 to 3 photos, then names the two photo endpoints of the turns
 * (none for a build without photos): the first photo's large image, its yardstick a bare Fastify
 * server started here with its bytes and headers, and the first page with its photos.
 */
export async function photoEndpoints(
  { servers, key }: Build,
  filter: string | undefined,
): Promise<PhotoEndpoints> {
  const none = { endpoints: [], stop: () => Promise.resolve() };
  const primary = servers[0];
  if (!primary || ![SERVE_PHOTO, EXPANDED_LIST].some((name) => chosen(filter, name))) return none;
  const api = { baseUrl: primary.baseUrl, key };
  const page = await fetch(`${api.baseUrl}/v1/pets?limit=20`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const ids = ((await page.json()) as { id: number }[]).map((pet) => pet.id);
  if (ids[0] === undefined || !(await hasPhotos(api, ids[0]))) return none;

  const jpeg = await photoJpeg(SMALLER);
  let first: PetPhoto | undefined;
  for (const [i, petId] of ids.entries())
    for (let n = 0; n <= i % 3; n++) {
      const { status, photo } = await upload(api, petId, jpeg);
      if (!photo) throw new Error(`Adding a photo to pet ${petId} failed: ${status}`);
      first ??= photo;
    }
  if (!first) throw new Error('The first page of pets is empty');

  const path = new URL(first.urls.large).pathname;
  const image = await fetch(`${api.baseUrl}${path}`);
  if (image.status !== 200) throw new Error(`Reading ${path} failed: ${image.status}`);
  const headers = Object.fromEntries(
    SERVED_HEADERS.map((name) => [name, image.headers.get(name) ?? '']),
  );
  const bytes = Buffer.from(await image.arrayBuffer());
  const dir = mkdtempSync(join(tmpdir(), 'pets-bench-photo-'));
  const file = join(dir, 'photo.webp');
  writeFileSync(file, bytes);
  const peer = await startListening(PEER, [file, JSON.stringify(headers)]);

  const target = (of: string, extra: Partial<Target> = {}): Target => ({
    urls: servers.map((server) => `${server.baseUrl}${of}`),
    expectedStatus: 200,
    ...extra,
  });
  return {
    endpoints: [
      {
        name: EXPANDED_LIST,
        target: target('/v1/pets?limit=20&expand=photos', {
          headers: { authorization: `Bearer ${key}` },
        }),
      },
      {
        name: SERVE_PHOTO,
        target: target(path),
        baseline: {
          name: `bare Fastify serving the same ${Math.round(bytes.length / 1024)} KiB with the same headers`,
          target: { urls: [`http://127.0.0.1:${peer.port}${path}`], expectedStatus: 200 },
          pids: [peer.child.pid ?? 0],
        },
      },
    ].filter((endpoint) => chosen(filter, endpoint.name)),
    stop: async () => {
      await stop(peer.child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The endpoints with the photo rows in place: the expanded list after the plain one, the image
 * after the read of one pet (each at the end when its neighbour was not chosen).
 */
export function withPhotoRows(
  endpoints: readonly Endpoint[],
  photos: readonly Endpoint[],
  after: Readonly<Record<string, string>>,
): Endpoint[] {
  const placed = [...endpoints];
  for (const photo of photos) {
    const neighbour = after[photo.name];
    const at = placed.findIndex((endpoint) => endpoint.name === neighbour);
    if (at === -1) placed.push(photo);
    else placed.splice(at + 1, 0, photo);
  }
  return placed;
}
