// The client's profiles and photos against the real API, as a partner's script uses them: upload
// a photo (bytes, a Blob, a stream), list available pets with `expand=profile,photos`, and fetch
// the URLs they give without a key.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { EMPTY_PROFILE } from '@pets/contract';
import { createAccountKey, type ServerProcess, startServer } from '@pets/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPetstoreClient } from './client.js';
import { PetstoreApiError } from './errors.js';

/** A PNG of `width` × `height` pixels in a gradient, written out by hand (signature, chunks, CRCs). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      rows.set([(x * 255) / width, (y * 255) / height, 128], y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe("a partner's script with photos, against the real API", () => {
  let server: ServerProcess;
  let dir: string | undefined;
  let partnerKey: string;
  let otherKey: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pets-client-photos-'));
    const env = { DATABASE_URL: `sqlite:${join(dir, 'petstore.sqlite')}`, NODE_ENV: 'test' };
    partnerKey = createAccountKey(env, { name: 'Partner', plan: 'pro' }).key;
    otherKey = createAccountKey(env, { name: 'Other partner', plan: 'pro' }).key;
    server = await startServer(env);
  }, 90_000);

  afterAll(async () => {
    const started = server as ServerProcess | undefined;
    if (started) {
      started.child.kill('SIGTERM');
      await started.exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const client = (apiKey: string) =>
    createPetstoreClient({ baseUrl: `${server.baseUrl}/v1`, apiKey });

  it('uploads photos, lists pets with them and their profiles, and gets URLs served without a key', async () => {
    const partner = client(partnerKey);
    const { data: pet } = await partner.createPet({ name: 'Biscuit', categoryId: 1 });
    const image = png(1600, 1200);
    const fromBytes = await partner.uploadPetPhoto(pet.id, image, { contentType: 'image/png' });
    expect(fromBytes.status).toBe(201);
    const fromBlob = await partner.uploadPetPhoto(
      pet.id,
      new Blob([new Uint8Array(image)], { type: 'image/png' }),
    );
    const fromStream = await partner.uploadPetPhoto(
      pet.id,
      Readable.from([image.subarray(0, 5000), image.subarray(5000)]),
      {
        contentType: 'image/png',
      },
    );
    expect([fromBytes, fromBlob, fromStream].map(({ data }) => data.position)).toEqual([1, 2, 3]);
    await partner.updatePetProfile(pet.id, { breed: 'Beagle', goodWith: { children: 'yes' } });

    const { data: pets } = await client(otherKey).listPets({
      status: 'available',
      expand: ['profile', 'photos'],
    });
    const listed = pets.find(({ id }) => id === pet.id);
    expect(listed?.profile).toEqual({
      ...EMPTY_PROFILE,
      breed: 'Beagle',
      goodWith: { ...EMPTY_PROFILE.goodWith, children: 'yes' },
    });
    expect(listed?.photos).toEqual([fromBytes.data, fromBlob.data, fromStream.data]);

    for (const photo of listed?.photos ?? [])
      for (const url of Object.values(photo.urls)) {
        // No key, no cookie: what a browser on a partner's page sends.
        const answer = await fetch(url);
        expect(answer.status, url).toBe(200);
        expect(answer.headers.get('content-type')).toBe('image/webp');
        const bytes = Buffer.from(await answer.arrayBuffer());
        expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
        expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      }
  });

  it('moves and removes photos, and says why an upload is refused', async () => {
    const partner = client(partnerKey);
    const { data: pet } = await partner.createPet({ name: 'Tom', categoryId: 1 });
    const image = png(320, 240);
    const first = (await partner.uploadPetPhoto(pet.id, image, { contentType: 'image/png' })).data;
    const second = (await partner.uploadPetPhoto(pet.id, image, { contentType: 'image/png' })).data;
    expect((await partner.movePetPhoto(pet.id, second.id, { position: 1 })).data.position).toBe(1);
    expect((await partner.listPetPhotos(pet.id)).data.map(({ id }) => id)).toEqual([
      second.id,
      first.id,
    ]);
    expect((await partner.removePetPhoto(pet.id, second.id)).status).toBe(204);
    expect((await fetch(second.urls.small)).status).toBe(404);

    const refused = await partner
      .uploadPetPhoto(pet.id, Buffer.from('not a photo'), { contentType: 'image/jpeg' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PetstoreApiError);
    expect(refused).toMatchObject({ status: 400, code: 'invalid_body' });
    const notYours = await client(otherKey)
      .uploadPetPhoto(pet.id, image, { contentType: 'image/png' })
      .catch((error: unknown) => error);
    expect(notYours).toMatchObject({ status: 403, code: 'forbidden' });
  });
});
