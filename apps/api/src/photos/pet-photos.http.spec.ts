// Pets' profiles and photos over HTTP on each database (decisions §21, docs/partners/photos.md):
// the profile's merge patch and who may make it, photos made from real images and served upright
// and stripped from the public route, their order, their limits and refusals, `expand`, and every
// change in the audit trail.
import {
  type AuditEvent,
  EMPTY_PROFILE,
  type ListedPet,
  type Pet,
  type PetPhoto,
  type PetProfile,
  PHOTO_BYTES_MAX,
  type Problem,
  PROBLEMS,
  statusOf,
} from '@pets/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { anAccount } from '../../test/factories.js';
import {
  avif,
  exifTags,
  jpeg,
  jpegWithGpsAndRotation,
  png,
  pngBomb,
  textNamedJpg,
  truncatedJpeg,
  webp,
} from '../../test/images.js';
import { useApp } from '../../test/instances.js';
import { type Answer, bearer, expectProblem, nextLink } from '../../test/requests.js';
import { ENGINES } from '../../test/test-app.js';

/** The answer is the contract's refusal, with its status. */
const refused = (answer: Answer, problem: Problem) => {
  expectProblem(answer, { ...problem, status: statusOf(problem) });
};

describe.each(ENGINES)('pet profiles and photos on %s', (engine) => {
  const { t, staff, partner, other } = useApp(
    { engine },
    {
      staff: anAccount({ name: 'Shelter', role: 'staff' }),
      partner: anAccount({ name: 'Partner' }),
      other: anAccount({ name: 'Other partner' }),
    },
  );

  const create = async (key: string, name = 'Biscuit') => {
    const response = await t.as(key).post('/v1/pets', { name, categoryId: 1 });
    expect(response.statusCode).toBe(201);
    return response.json<Pet>();
  };
  const patchProfile = (key: string, petId: number, body: unknown) =>
    t
      .as(key)
      .patch(`/v1/pets/${petId}/profile`, body, { 'content-type': 'application/merge-patch+json' });
  const upload = (key: string, petId: number, bytes: Buffer, type = 'image/jpeg') =>
    t.app.inject({
      method: 'POST',
      url: `/v1/pets/${petId}/photos`,
      headers: { ...bearer(key), 'content-type': type },
      payload: bytes,
    });
  const uploaded = async (key: string, petId: number, bytes: Buffer, type?: string) => {
    const response = await upload(key, petId, bytes, type);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PetPhoto>();
  };
  const photosOf = async (petId: number) =>
    (await t.as(partner.key).get(`/v1/pets/${petId}/photos`)).json<PetPhoto[]>();
  /** The public route's answer for a photo's URL (no key). */
  const served = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: new URL(url).pathname, headers });
  const history = async (petId: number) =>
    (await t.as(staff.key).get(`/v1/admin/audit?targetType=pet&targetId=${petId}`)).json<
      AuditEvent[]
    >();

  describe('the profile', () => {
    it('is empty until described, then a merge patch changes only what it names', async () => {
      const pet = await create(partner.key);
      const empty = await t.as(other.key).get(`/v1/pets/${pet.id}/profile`);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual(EMPTY_PROFILE);

      const first = await patchProfile(partner.key, pet.id, {
        description: '  Loves walks.\r\nShy with cats.  ',
        breed: 'Labrador mix',
        colors: ['black', 'white'],
        birthDate: '2024-03-01',
        birthDateApproximate: true,
        attributes: { neutered: true },
        goodWith: { children: 'yes', cats: 'no' },
      });
      expect(first.statusCode, first.body).toBe(200);
      const second = await patchProfile(partner.key, pet.id, {
        breed: null,
        attributes: { vaccinated: false },
        goodWith: { cats: null },
      });
      const profile: PetProfile = {
        ...EMPTY_PROFILE,
        description: 'Loves walks.\nShy with cats.',
        colors: ['black', 'white'],
        birthDate: '2024-03-01',
        birthDateApproximate: true,
        attributes: { houseTrained: null, neutered: true, vaccinated: false, specialNeeds: null },
        goodWith: { children: 'yes', dogs: 'unknown', cats: 'unknown' },
      };
      expect(second.json()).toEqual(profile);
      expect((await t.as(other.key).get(`/v1/pets/${pet.id}/profile`)).json()).toEqual(profile);

      const events = await history(pet.id);
      expect(events.map(({ action }) => action)).toEqual([
        'pet.profile_updated',
        'pet.profile_updated',
        'pet.created',
      ]);
      expect(events[0]?.changes).toEqual({
        breed: ['Labrador mix', null],
        'attributes.vaccinated': [null, false],
        'goodWith.cats': ['no', 'unknown'],
      });
    });

    it('records nothing for a patch that changes nothing', async () => {
      const pet = await create(partner.key);
      expect((await patchProfile(partner.key, pet.id, { sex: 'unknown' })).statusCode).toBe(200);
      expect((await history(pet.id)).map(({ action }) => action)).toEqual(['pet.created']);
    });

    it("may be changed by staff and the pet's own account only", async () => {
      const pet = await create(partner.key);
      refused(await patchProfile(other.key, pet.id, { size: 'large' }), PROBLEMS.notYourPet);
      expect((await patchProfile(staff.key, pet.id, { size: 'large' })).statusCode).toBe(200);
      expect((await t.as(partner.key).get(`/v1/pets/${pet.id}/profile`)).json()).toMatchObject({
        size: 'large',
      });
    });

    it('refuses a body outside the contract, naming each field, and changes nothing', async () => {
      const pet = await create(partner.key);
      const response = await patchProfile(partner.key, pet.id, {
        sex: 'boy',
        birthDate: '2024-02-30',
        colors: ['a', 'b', 'c', 'd'],
        attributes: { friendly: true },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ details: { field: string }[] }>().details.map((d) => d.field)).toEqual(
        ['sex', 'birthDate', 'colors', 'attributes.friendly'],
      );
      expect((await t.as(partner.key).get(`/v1/pets/${pet.id}/profile`)).json()).toEqual(
        EMPTY_PROFILE,
      );
      expect((await patchProfile(partner.key, pet.id, {})).statusCode).toBe(400);
    });

    it('answers 404 for a pet that is not there, or was removed', async () => {
      const pet = await create(partner.key);
      expect((await t.as(staff.key).delete(`/v1/pets/${pet.id}`)).statusCode).toBe(204);
      refused(await t.as(partner.key).get(`/v1/pets/${pet.id}/profile`), PROBLEMS.petNotFound);
      refused(await patchProfile(staff.key, pet.id, { size: 'small' }), PROBLEMS.petNotFound);
      refused(await t.as(partner.key).get('/v1/pets/999999/photos'), PROBLEMS.petNotFound);
    });
  });

  describe('photos', () => {
    it('are made upright and stripped of every metadata, at three widths, served without a key', async () => {
      const pet = await create(partner.key);
      const original = await jpegWithGpsAndRotation();
      // The image sent does carry a position and a rotation.
      const sent = exifTags((await sharp(original).metadata()).exif ?? Buffer.alloc(0));
      expect(sent.gps).toBeDefined();
      const photo = await uploaded(partner.key, pet.id, original);
      expect(photo).toMatchObject({ id: expect.any(Number) as number, position: 1 });
      // 800 × 600 pixels turned a quarter: 600 wide, 800 high, not enlarged.
      expect([photo.width, photo.height]).toEqual([600, 800]);
      expect(photo.thumbhash).toMatch(/^[A-Za-z0-9+/]+=*$/);
      for (const [size, width] of [
        ['small', 160],
        ['medium', 480],
        ['large', 600],
      ] as const) {
        const url = photo.urls[size];
        expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/photos\/[A-Za-z0-9_-]{43}-\d+\.webp$/);
        const answer = await served(url);
        expect(answer.statusCode).toBe(200);
        expect(answer.headers).toMatchObject({
          'content-type': 'image/webp',
          'cache-control': 'public, max-age=31536000, immutable',
          'cross-origin-resource-policy': 'cross-origin',
          etag: expect.stringMatching(/^"[A-Za-z0-9_-]+"$/) as string,
        });
        // Not counted against any account.
        expect(answer.headers['x-ratelimit-limit']).toBeUndefined();
        const metadata = await sharp(answer.rawPayload).metadata();
        expect(metadata).toMatchObject({ format: 'webp', width });
        expect(metadata.height).toBe(Math.round((width * 800) / 600));
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(metadata.iptc).toBeUndefined();
        expect(metadata.orientation ?? 1).toBe(1);
      }
    });

    it('answers 304 to a validator it gave, and the same bytes again otherwise', async () => {
      const pet = await create(partner.key);
      const photo = await uploaded(partner.key, pet.id, await png(), 'image/png');
      const first = await served(photo.urls.medium);
      const etag = String(first.headers['etag']);
      const again = await served(photo.urls.medium, { 'if-none-match': `"other", ${etag}` });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
      expect(again.headers['etag']).toBe(etag);
      const changed = await served(photo.urls.medium, { 'if-none-match': '"other"' });
      expect(changed.statusCode).toBe(200);
      expect(changed.rawPayload.equals(first.rawPayload)).toBe(true);
    });

    it('take PNG, WebP and AVIF as well as JPEG, in the order they were added', async () => {
      const pet = await create(partner.key);
      const added = [
        await uploaded(partner.key, pet.id, await png(), 'image/png'),
        await uploaded(partner.key, pet.id, await webp(), 'image/webp'),
        await uploaded(partner.key, pet.id, await avif(), 'image/avif'),
      ];
      expect(added.map(({ position }) => position)).toEqual([1, 2, 3]);
      expect(await photosOf(pet.id)).toEqual(added);
      for (const photo of added) expect((await served(photo.urls.large)).statusCode).toBe(200);
    });

    it('refuse what is not such an image, saying why, and store nothing', async () => {
      const pet = await create(partner.key);
      const refusals: [Buffer, string][] = [
        [textNamedJpg(), 'image/jpeg'],
        [await truncatedJpeg(), 'image/jpeg'],
        [await png(), 'image/jpeg'],
        [Buffer.alloc(0), 'image/png'],
      ];
      for (const [bytes, type] of refusals) {
        const response = await upload(partner.key, pet.id, bytes, type);
        expect(response.statusCode, type).toBe(400);
        const body = response.json<{ code: string; details: { field: string; issue: string }[] }>();
        expect(body.code).toBe('invalid_body');
        expect(body.details).toEqual([{ field: 'body', issue: expect.any(String) as string }]);
      }
      for (const type of ['image/gif', 'application/json', 'image/svg+xml'])
        refused(
          await upload(partner.key, pet.id, await jpeg(400, 300), type),
          PROBLEMS.notAPhotoType,
        );
      expect(await photosOf(pet.id)).toEqual([]);
      expect((await history(pet.id)).map(({ action }) => action)).toEqual(['pet.created']);
    });

    it('are added once per Idempotency-Key: the same image again answers the first photo', async () => {
      const pet = await create(partner.key);
      const image = await jpeg(320, 240);
      const keyed = (bytes: Buffer, key = 'rex-photo-1') =>
        t.app.inject({
          method: 'POST',
          url: `/v1/pets/${pet.id}/photos`,
          headers: { ...bearer(partner.key), 'content-type': 'image/jpeg', 'idempotency-key': key },
          payload: bytes,
        });
      const [first, second] = await Promise.all([keyed(image), keyed(image)]);
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      expect(second.json()).toEqual(first.json());
      const third = await keyed(image);
      expect(third.json()).toEqual(first.json());
      expect(await photosOf(pet.id)).toEqual([first.json()]);
      expect((await history(pet.id)).filter(({ action }) => action === 'photo.added')).toHaveLength(
        1,
      );
      // Another image, or the same for another pet, under the key: refused, nothing added.
      refused(await keyed(await jpeg(300, 200)), PROBLEMS.idempotencyKeyReused);
      const other = await create(partner.key);
      refused(
        await t.app.inject({
          method: 'POST',
          url: `/v1/pets/${other.id}/photos`,
          headers: {
            ...bearer(partner.key),
            'content-type': 'image/jpeg',
            'idempotency-key': 'rex-photo-1',
          },
          payload: image,
        }),
        PROBLEMS.idempotencyKeyReused,
      );
      expect(await photosOf(pet.id)).toHaveLength(1);
      expect(await photosOf(other.id)).toEqual([]);
    });

    it('refuse a decompression bomb from its header, in well under a second', async () => {
      const pet = await create(partner.key);
      const bomb = pngBomb();
      expect(bomb.length).toBeLessThan(64 * 1024);
      const response = await upload(partner.key, pet.id, bomb, 'image/png');
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/megapixels/);
    });

    it('refuse a body over 15 MiB with 413', async () => {
      const pet = await create(partner.key);
      refused(
        await upload(partner.key, pet.id, Buffer.alloc(PHOTO_BYTES_MAX + 1)),
        PROBLEMS.photoTooLarge,
      );
    });

    it('stop at 12 a pet: the 13th is 409 too_many_photos', async () => {
      const pet = await create(partner.key);
      const small = await jpeg(320, 240);
      for (let i = 0; i < 12; i++) await uploaded(partner.key, pet.id, small);
      refused(await upload(partner.key, pet.id, small), PROBLEMS.tooManyPhotos);
      expect((await photosOf(pet.id)).map(({ position }) => position)).toEqual(
        Array.from({ length: 12 }, (_, i) => i + 1),
      );
    });

    it("are added, moved and removed by staff and the pet's own account only", async () => {
      const pet = await create(partner.key);
      const small = await jpeg(320, 240);
      refused(await upload(other.key, pet.id, small), PROBLEMS.notYourPet);
      const photo = await uploaded(staff.key, pet.id, small);
      refused(
        await t.as(other.key).patch(`/v1/pets/${pet.id}/photos/${photo.id}`, { position: 1 }),
        PROBLEMS.notYourPet,
      );
      refused(
        await t.as(other.key).delete(`/v1/pets/${pet.id}/photos/${photo.id}`),
        PROBLEMS.notYourPet,
      );
      expect((await photosOf(pet.id)).map(({ id }) => id)).toEqual([photo.id]);
    });

    it('move: the photos between move one place, and the move is audited', async () => {
      const pet = await create(partner.key);
      const small = await jpeg(320, 240);
      const [a, b, c] = [
        await uploaded(partner.key, pet.id, small),
        await uploaded(partner.key, pet.id, small),
        await uploaded(partner.key, pet.id, small),
      ];
      const moved = await t
        .as(partner.key)
        .patch(`/v1/pets/${pet.id}/photos/${c.id}`, { position: 1 });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toEqual({ ...c, position: 1 });
      expect((await photosOf(pet.id)).map(({ id, position }) => [id, position])).toEqual([
        [c.id, 1],
        [a.id, 2],
        [b.id, 3],
      ]);
      await t.as(partner.key).patch(`/v1/pets/${pet.id}/photos/${c.id}`, { position: 3 });
      expect((await photosOf(pet.id)).map(({ id }) => id)).toEqual([a.id, b.id, c.id]);
      const past = await t
        .as(partner.key)
        .patch(`/v1/pets/${pet.id}/photos/${a.id}`, { position: 4 });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toMatchObject({
        details: [
          { field: 'position', issue: 'must be at most 3, the number of photos the pet has' },
        ],
      });
      const events = await history(pet.id);
      expect(events.slice(0, 2).map(({ action, changes }) => [action, changes])).toEqual([
        ['photo.moved', { photo: [c.id, c.id], position: [1, 3] }],
        ['photo.moved', { photo: [c.id, c.id], position: [3, 1] }],
      ]);
      expect(events.filter(({ action }) => action === 'photo.added')).toHaveLength(3);
    });

    it('remove: gone from the list and the public route at once, the others move up', async () => {
      const pet = await create(partner.key);
      const small = await jpeg(320, 240);
      const [a, b] = [
        await uploaded(partner.key, pet.id, small),
        await uploaded(partner.key, pet.id, small),
      ];
      expect((await served(a.urls.small)).statusCode).toBe(200);
      const removed = await t.as(partner.key).delete(`/v1/pets/${pet.id}/photos/${a.id}`);
      expect(removed.statusCode).toBe(204);
      expect(await photosOf(pet.id)).toEqual([{ ...b, position: 1 }]);
      for (const url of Object.values(a.urls)) {
        const answer = await served(url);
        expect(answer.statusCode).toBe(404);
        expect(answer.headers['cache-control']).toBe('no-store');
      }
      refused(
        await t.as(partner.key).delete(`/v1/pets/${pet.id}/photos/${a.id}`),
        PROBLEMS.photoNotFound,
      );
      expect((await history(pet.id))[0]).toMatchObject({
        action: 'photo.removed',
        changes: { photo: [a.id, null] },
      });
    });

    it("of a removed pet are removed with it, and a photo is another pet's only by its id", async () => {
      const pet = await create(partner.key);
      const second = await create(partner.key, 'Tom');
      const photo = await uploaded(partner.key, pet.id, await jpeg(320, 240));
      refused(
        await t.as(partner.key).patch(`/v1/pets/${second.id}/photos/${photo.id}`, { position: 1 }),
        PROBLEMS.photoNotFound,
      );
      expect((await served(photo.urls.large)).statusCode).toBe(200);
      expect((await t.as(staff.key).delete(`/v1/pets/${pet.id}`)).statusCode).toBe(204);
      // At once on the instance that removed it (kept in memory, it would be served 4 s more).
      expect((await served(photo.urls.large)).statusCode).toBe(404);
    });

    it('refuse a file name that is not a photo of ours', async () => {
      for (const path of [
        '/photos/x-160.webp',
        `/photos/${'a'.repeat(43)}-160.webp`,
        `/photos/${'a'.repeat(43)}-161.webp`,
        `/photos/${'a'.repeat(43)}-160.png`,
      ]) {
        const answer = await t.app.inject({ method: 'GET', url: path });
        expect(answer.statusCode, path).toBe(404);
        expect(answer.json()).toMatchObject({ code: 'not_found' });
      }
    });
  });

  describe('expand', () => {
    it('adds the profile and the photos to each pet of a page, and nothing without it', async () => {
      const pet = await create(partner.key, 'Expanded one');
      await patchProfile(partner.key, pet.id, { breed: 'Beagle' });
      const photo = await uploaded(partner.key, pet.id, await jpeg(320, 240));
      const bare = await create(partner.key, 'Expanded two');

      const page = await t.as(other.key).get('/v1/pets?q=expanded&expand=photos,profile&limit=1');
      expect(page.statusCode).toBe(200);
      expect(page.json()).toEqual([
        { ...pet, profile: { ...EMPTY_PROFILE, breed: 'Beagle' }, photos: [photo] },
      ]);
      // The next page keeps `expand`, in the list's own order.
      const next = nextLink(page);
      expect(next?.searchParams.get('expand')).toBe('profile,photos');
      const second = await t.as(other.key).get(`${next?.pathname}${next?.search}`);
      expect(second.json<ListedPet[]>()).toEqual([{ ...bare, profile: EMPTY_PROFILE, photos: [] }]);

      const plain = await t.as(other.key).get('/v1/pets?q=expanded');
      expect(plain.json()).toEqual([pet, bare]);
      const one = await t.as(other.key).get(`/v1/pets/${pet.id}?expand=photos`);
      expect(one.json()).toEqual({ ...pet, photos: [photo] });
      expect((await t.as(other.key).get(`/v1/pets/${pet.id}`)).json()).toEqual(pet);
    });

    it('refuses a field it cannot expand, and any in a CSV export', async () => {
      for (const expand of ['owner', 'photos,photos', ''])
        expect((await t.as(partner.key).get(`/v1/pets?expand=${expand}`)).statusCode).toBe(400);
      const csv = await t.as(partner.key).get('/v1/pets?expand=photos', { accept: 'text/csv' });
      expect(csv.statusCode).toBe(400);
      expect(csv.json()).toMatchObject({ code: 'invalid_query', details: [{ field: 'expand' }] });
    });
  });
});
