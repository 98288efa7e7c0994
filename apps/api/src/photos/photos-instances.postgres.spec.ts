/**
 * A pet's photos through two instances on one PostgreSQL database (decisions §21): a photo uploaded
 * through one is served by the other, byte for byte with the same `ETag`; and once it is removed
 * through one, or its pet is, the other stops serving it within 5 seconds of the removal being sent,
 * although it served it just before (and so may hold its images in memory).
 */
import { type PetPhoto, type PhotoSize, PROBLEMS } from '@pets/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { anAccount } from '../../test/factories.js';
import { jpeg } from '../../test/images.js';
import { useInstances } from '../../test/instances.js';
import { bearer, expectProblem } from '../../test/requests.js';
import type { TestApp } from '../../test/test-app.js';

/** How soon every instance must stop serving a removed photo. */
const STOPS_WITHIN_MS = 5_000;

const SIZES: readonly PhotoSize[] = ['small', 'medium', 'large'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('pet photos through two instances, on PostgreSQL', () => {
  const { first, second } = useInstances();
  let staff: string;
  let image: Buffer;

  beforeAll(async () => {
    ({ key: staff } = await first.createKey(anAccount({ name: 'Staff', role: 'staff' })));
    image = await jpeg(1600, 1200);
  });

  const newPet = async (name: string) => {
    const created = await first.as(staff).post('/v1/pets', { name, categoryId: 1 });
    expect(created.statusCode).toBe(201);
    return created.json<{ id: number }>().id;
  };
  /** A photo of the pet, uploaded through `instance`. */
  const upload = async (instance: TestApp, petId: number) => {
    const answer = await instance.app.inject({
      method: 'POST',
      url: `/v1/pets/${petId}/photos`,
      headers: { ...bearer(staff), 'content-type': 'image/jpeg' },
      payload: image,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<PetPhoto>();
  };
  /** The public route's answer for one of a photo's images, from `instance`. */
  const serve = (instance: TestApp, photo: PetPhoto, size: PhotoSize, headers = {}) =>
    instance.app.inject({ method: 'GET', url: new URL(photo.urls[size]).pathname, headers });

  /**
   * Polls every image of `photos` on `instance` until each answers 404 (the JSON problem, not
   * stored by caches): how long that took, in ms, from `since` (before the removal was sent).
   */
  const untilGone = async (instance: TestApp, photos: PetPhoto[], since: number) => {
    for (const photo of photos)
      for (const size of SIZES)
        for (;;) {
          const answer = await serve(instance, photo, size);
          if (answer.statusCode === 404) {
            const path = new URL(photo.urls[size]).pathname;
            expectProblem(answer, { ...PROBLEMS.noFile(path), status: 404 });
            expect(answer.headers['cache-control']).toBe('no-store');
            break;
          }
          expect(answer.statusCode).toBe(200);
          if (performance.now() - since > 2 * STOPS_WITHIN_MS) break;
          await sleep(50);
        }
    return performance.now() - since;
  };

  it('a photo uploaded through one instance is served by the other: the same bytes and ETag, and 304', async () => {
    const photo = await upload(first, await newPet('Rex'));
    for (const size of SIZES) {
      const there = await serve(first, photo, size);
      const here = await serve(second, photo, size);
      expect(there.statusCode).toBe(200);
      expect(here.statusCode).toBe(200);
      expect(here.headers['content-type']).toBe('image/webp');
      expect(here.headers['etag']).toBe(there.headers['etag']);
      expect(here.rawPayload.equals(there.rawPayload)).toBe(true);

      const unchanged = await serve(second, photo, size, {
        'if-none-match': String(here.headers['etag']),
      });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.rawPayload.length).toBe(0);
      expect(unchanged.headers['etag']).toBe(here.headers['etag']);
    }
  });

  it('a photo removed through one instance stops being served by the other within 5 s', async () => {
    const petId = await newPet('Bella');
    const photo = await upload(first, petId);
    // The other instance serves it first, so it holds the images in memory.
    for (const size of SIZES) expect((await serve(second, photo, size)).statusCode).toBe(200);

    const since = performance.now();
    const removed = await first.as(staff).delete(`/v1/pets/${petId}/photos/${photo.id}`);
    expect(removed.statusCode).toBe(204);
    // The instance that removed it stops at once.
    for (const size of SIZES) expect((await serve(first, photo, size)).statusCode).toBe(404);
    expect(await untilGone(second, [photo], since)).toBeLessThan(STOPS_WITHIN_MS);
  });

  it('a pet removed through one instance: its photos stop being served by the other within 5 s', async () => {
    const petId = await newPet('Max');
    const photos = [await upload(first, petId), await upload(second, petId)];
    for (const photo of photos)
      for (const size of SIZES) expect((await serve(second, photo, size)).statusCode).toBe(200);

    const since = performance.now();
    const removed = await first.as(staff).delete(`/v1/pets/${petId}`);
    expect(removed.statusCode).toBe(204);
    expect(await untilGone(second, photos, since)).toBeLessThan(STOPS_WITHIN_MS);
    expect(await untilGone(first, photos, since)).toBeLessThan(STOPS_WITHIN_MS);
  });
});
