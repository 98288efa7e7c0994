/**
 * kill -9 of the built server in the middle of a burst of photo uploads, then a restart on the same
 * database: every photo answered 201 is there once, at its position, its three images whole; an
 * upload in flight at the kill, sent again with its `Idempotency-Key`, is there exactly once (the
 * photo the killed run stored, or one made now); no image is stored without its photo, nor a photo
 * without its images; and each stored photo has exactly one `photo.added` event.
 */
import { setTimeout } from 'node:timers/promises';
import { type AuditEvent, PHOTO_WIDTHS, type PetPhoto, type PhotoSize } from '@pets/contract';
import { createAccountKey } from '@pets/services';
import pg from 'pg';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { sqliteModule } from '../../src/database/sqlite-driver.js';
import { jpeg } from '../images.js';
import { CrashRun, UNLIMITED } from '../processes.js';
import { bearer, fetchAll } from '../requests.js';
import { ENGINES, type Engine, freshDatabaseUrl } from '../test-app.js';

const STREAMS = 3;
/** Photos a stream uploads to a pet before it creates the next one (a pet takes at most 12). */
const PER_PET = 4;
/** Uploads answered 201 before the kill is timed: enough to know how long one takes. */
const ANSWERED_BEFORE_KILL = 9;

/** One upload: its pet, and its answer (the photo), or none (the process died). */
interface Upload {
  readonly petId: number;
  /** Its `Idempotency-Key`, sent again with it after the restart when it had no answer. */
  readonly key: string;
  readonly image: Buffer;
  answer?: PetPhoto | 'unanswered';
}

/** The path of a URL: the restarted server listens on another port. */
const pathOf = (url: string) => new URL(url).pathname;

/** A photo as the API answers it, its URLs reduced to their paths. */
const portless = (photo: PetPhoto) => ({
  ...photo,
  urls: Object.fromEntries(Object.entries(photo.urls).map(([size, url]) => [size, pathOf(url)])),
});

/** The rows `sql` reads from the database past the API. */
async function rowsOf(
  engine: Engine,
  url: string,
  sql: string,
): Promise<Record<string, unknown>[]> {
  if (engine === 'sqlite') {
    const db = new (sqliteModule())(url.replace(/^sqlite:/, ''), { readonly: true });
    try {
      return db.prepare<[], Record<string, unknown>>(sql).all();
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await client.end();
  }
}

/**
 * What the database holds of photos: how many photo rows (removed or not), image keys stored
 * without a photo, and photos stored without their three images.
 */
async function storedPhotos(engine: Engine, url: string) {
  const [count] = await rowsOf(engine, url, 'SELECT count(*) AS n FROM pet_photos');
  const lonelyImages = await rowsOf(
    engine,
    url,
    `SELECT DISTINCT key FROM pet_photo_images
     WHERE key NOT IN (SELECT key FROM pet_photos WHERE removed_at IS NULL) ORDER BY key`,
  );
  const partialPhotos = await rowsOf(
    engine,
    url,
    `SELECT p.id FROM pet_photos p LEFT JOIN pet_photo_images i ON i.key = p.key
     WHERE p.removed_at IS NULL GROUP BY p.id HAVING count(i.key) <> 3 ORDER BY p.id`,
  );
  return {
    photos: Number(count?.['n']),
    lonelyImages: lonelyImages.map((row) => String(row['key'])),
    partialPhotos: partialPhotos.map((row) => Number(row['id'])),
  };
}

describe.each(ENGINES)('kill -9 during photo uploads, on %s', (engine) => {
  /** A camera's picture at a size that takes a few hundred milliseconds to process: one a stream. */
  let images: Buffer[] = [];
  beforeAll(async () => {
    images = await Promise.all(Array.from({ length: STREAMS }, () => jpeg(1600, 1200)));
  });

  it('every photo answered 201 is there once after a restart, whole, and nothing is half stored', async () => {
    // Whether an upload is in flight at the kill is up to timing (a stream may be creating its next
    // pet): each attempt is a whole run on a fresh database, checked in full, until one caught one.
    const inFlight: number[] = [];
    while (inFlight.length < 3 && !inFlight.some((count) => count > 0))
      inFlight.push(await killOnce());
    expect(inFlight.some((count) => count > 0)).toBe(true);
  }, 120_000);

  /** One run; resolves with how many uploads were unanswered at the kill. */
  async function killOnce(): Promise<number> {
    const database = await freshDatabaseUrl(engine);
    const env = { NODE_ENV: 'test', DATABASE_URL: database.url };
    // Staff, so the check can read the audit trail too.
    const { key } = createAccountKey(env, { name: 'Shelter', role: 'staff', ...UNLIMITED });
    const run = new CrashRun(database);
    const uploads: Upload[] = [];
    const petIds: number[] = [];
    /** How long answered uploads took, in ms: the kill lands within one upload's time of a send. */
    const took: number[] = [];
    /** Answers other than the success due, and requests unanswered before the kill: none due. */
    const unexpected: string[] = [];
    let killed = false;
    /** A request the server did not answer: expected once it is killed, not before. */
    const lost = (what: string) => (error: unknown) => {
      if (!killed) unexpected.push(`${what}: no answer before the kill (${String(error)})`);
      return undefined;
    };

    const upload = async (petId: number, image: Buffer): Promise<Upload> => {
      const sent: Upload = { petId, key: `photo-${uploads.length}`, image };
      uploads.push(sent);
      const started = performance.now();
      const response = await fetch(`${run.baseUrl}/v1/pets/${petId}/photos`, {
        method: 'POST',
        headers: { ...bearer(key), 'content-type': 'image/jpeg', 'idempotency-key': sent.key },
        body: image,
        signal: AbortSignal.timeout(30_000),
      }).catch(lost(`photo of pet ${petId}`));
      const text = await response?.text().catch(lost(`photo of pet ${petId}`));
      if (response?.status === 201 && text !== undefined) {
        sent.answer = JSON.parse(text) as PetPhoto;
        took.push(performance.now() - started);
      } else {
        sent.answer = 'unanswered';
        if (response && text !== undefined) unexpected.push(`${response.status} ${text}`);
      }
      return sent;
    };
    const stream = async (number: number) => {
      const image = images[number]!;
      for (let n = 0; !run.halt(); n++) {
        const created = await fetch(`${run.baseUrl}/v1/pets`, {
          method: 'POST',
          headers: { ...bearer(key), 'content-type': 'application/json' },
          body: JSON.stringify({ name: `S${number} P${n}`, categoryId: 1 }),
          signal: AbortSignal.timeout(30_000),
        }).catch(lost('pet'));
        if (created?.status !== 201) {
          if (created) unexpected.push(`pet: ${created.status} ${await created.text()}`);
          return;
        }
        const { id } = (await created.json()) as { id: number };
        petIds.push(id);
        for (let i = 0; i < PER_PET; i++)
          if ((await upload(id, image)).answer === 'unanswered') return;
      }
    };

    try {
      await run.start(env);
      run.load(...Array.from({ length: STREAMS }, (_, number) => stream(number)));
      const deadline = Date.now() + 60_000;
      while (took.length < ANSWERED_BEFORE_KILL) {
        if (Date.now() > deadline || unexpected.length > 0)
          expect.fail(`${took.length} uploads answered; ${unexpected.join('; ')}`);
        await setTimeout(20);
      }
      await setTimeout(Math.random() * Math.min(...took));
      killed = true;
      await run.kill();
      expect(unexpected).toEqual([]);
      const answered = uploads.filter((sent) => sent.answer !== 'unanswered');
      const unanswered = uploads.filter((sent) => sent.answer === 'unanswered');

      await run.restart();
      const headers = bearer(key);
      // What the kill left of the uploads in flight, then each sent again with its key: one that
      // was stored answers as it would have, one that was not is made now; either way, once.
      const listPhotos = async (petId: number) =>
        (await (
          await fetch(`${run.baseUrl}/v1/pets/${petId}/photos`, { headers })
        ).json()) as PetPhoto[];
      const storedBefore = new Set<number>();
      for (const petId of new Set(unanswered.map((sent) => sent.petId)))
        for (const { id } of await listPhotos(petId)) storedBefore.add(id);
      let storedUnanswered = 0;
      for (const sent of unanswered) {
        const again = await fetch(`${run.baseUrl}/v1/pets/${sent.petId}/photos`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'image/jpeg', 'idempotency-key': sent.key },
          body: sent.image,
        });
        expect(again.status, await again.clone().text()).toBe(201);
        sent.answer = (await again.json()) as PetPhoto;
        if (storedBefore.has(sent.answer.id)) storedUnanswered += 1;
      }
      let listedCount = 0;
      for (const petId of petIds) {
        const listed = await fetch(`${run.baseUrl}/v1/pets/${petId}/photos`, { headers });
        expect(listed.status).toBe(200);
        const photos = (await listed.json()) as PetPhoto[];
        listedCount += photos.length;

        // The pet's photos are exactly those answered 201, before the kill or sent again with their
        // key after it, each once, in the order sent, at positions 1…n.
        const acknowledged = uploads
          .filter((sent) => sent.petId === petId)
          .map((sent) => portless(sent.answer as PetPhoto));
        expect(photos.map(({ position }) => position)).toEqual(photos.map((_, index) => index + 1));
        expect(photos.map(portless), `pet ${petId}`).toEqual(acknowledged);

        // Each photo listed, answered or not, served whole at each width.
        for (const photo of photos)
          for (const [size, url] of Object.entries(photo.urls) as [PhotoSize, string][]) {
            const served = await fetch(url);
            expect([url, served.status, served.headers.get('content-type')]).toEqual([
              url,
              200,
              'image/webp',
            ]);
            const bytes = Buffer.from(await served.arrayBuffer());
            const { info } = await sharp(bytes, { failOn: 'error' })
              .raw()
              .toBuffer({ resolveWithObject: true });
            expect([url, info.width]).toEqual([url, Math.min(PHOTO_WIDTHS[size], photo.width)]);
          }

        // Exactly one `photo.added` for each photo listed, and none for a photo that is not.
        const events = await fetchAll<AuditEvent>(
          `${run.baseUrl}/v1/admin/audit?targetType=pet&targetId=${petId}&limit=100`,
          headers,
        );
        const added = events
          .filter(({ action }) => action === 'photo.added')
          .map(({ changes }) => changes['photo']?.[1])
          .sort((a, b) => Number(a) - Number(b));
        expect(added, `pet ${petId}`).toEqual(photos.map(({ id }) => id).sort((a, b) => a - b));
      }

      // Nothing beside what is listed: no photo row of an upload that failed half way, no image
      // without its photo, no photo without its three images.
      const answers = `${answered.length} uploads answered 201, ${unanswered.length} in flight (${storedUnanswered} of them stored before the kill)`;
      expect(listedCount, answers).toBe(uploads.length);
      expect(await storedPhotos(engine, database.url)).toEqual({
        photos: listedCount,
        lonelyImages: [],
        partialPhotos: [],
      });
      return unanswered.length;
    } finally {
      await run.end();
    }
  }
});
