/**
 * Reads and writes pets' profiles, photos and the photos' images (PetPhotos1795307000000).
 */
import { Injectable } from '@nestjs/common';
import type { PhotoSize } from '@pets/contract';
import { Database } from '../database/database.js';
import type { WriteTx } from '../database/writer.js';

/** A photo's row as the API shows it (its URLs are made from `key`). */
export interface PhotoRow {
  id: number;
  petId: number;
  position: number;
  key: string;
  width: number;
  height: number;
  thumbhash: string;
}

const PHOTO = ['id', 'pet_id as petId', 'position', 'key', 'width', 'height', 'thumbhash'] as const;

/** At most this many pets' profiles or photos are read in one statement (a page is at most 100). */
const MANY = 100;

type ManyIds = Record<`id${number}`, number>;
const SLOTS = Array.from({ length: MANY }, (_, index) => `id${index}` as const);

/** `ids` as the named values of one prepared statement for any page: the rest 0 (no pet). */
const manyIds = (ids: readonly number[]): ManyIds => {
  if (ids.length > MANY) throw new RangeError(`at most ${MANY} pets at once`);
  const values: ManyIds = {};
  SLOTS.forEach((slot, index) => (values[slot] = ids[index] ?? 0));
  return values;
};
const slotsOf = (p: ManyIds): number[] => SLOTS.map((slot) => p[slot] as number);

@Injectable()
export class PhotosRepository {
  readonly statements;

  constructor(private readonly database: Database) {
    this.statements = {
      // Whether the pet is there (not removed), and the account that created it.
      pet: database.statement((db, p: { petId: number }) =>
        db
          .selectFrom('pets')
          .select(['id', 'owner_account_id as ownerAccountId'])
          .where('id', '=', p.petId)
          .where('deleted_at', 'is', null),
      ),
      profile: database.statement((db, p: { petId: number }) =>
        db.selectFrom('pet_profiles').select('profile').where('pet_id', '=', p.petId),
      ),
      profiles: database.statement((db, p: ManyIds) =>
        db
          .selectFrom('pet_profiles')
          .select(['pet_id as petId', 'profile'])
          .where('pet_id', 'in', slotsOf(p)),
      ),
      insertProfile: database.statement((db, p: { petId: number; profile: string; at: number }) =>
        db
          .insertInto('pet_profiles')
          .values({ pet_id: p.petId, profile: p.profile, updated_at: p.at })
          .onConflict((conflict) =>
            conflict.column('pet_id').doUpdateSet({ profile: p.profile, updated_at: p.at }),
          ),
      ),
      photos: database.statement((db, p: { petId: number }) =>
        db
          .selectFrom('pet_photos')
          .select(PHOTO)
          .where('pet_id', '=', p.petId)
          .where('removed_at', 'is', null)
          .orderBy('position'),
      ),
      photosOfPets: database.statement((db, p: ManyIds) =>
        db
          .selectFrom('pet_photos')
          .select(PHOTO)
          .where('pet_id', 'in', slotsOf(p))
          .where('removed_at', 'is', null)
          .orderBy('pet_id')
          .orderBy('position'),
      ),
      insertPhoto: database.statement((db, p: Omit<PhotoRow, 'id'> & { at: number }) =>
        db
          .insertInto('pet_photos')
          .values({
            pet_id: p.petId,
            position: p.position,
            key: p.key,
            width: p.width,
            height: p.height,
            thumbhash: p.thumbhash,
            created_at: p.at,
          })
          .returning(PHOTO),
      ),
      insertImage: database.statement(
        (db, p: { key: string; size: PhotoSize; bytes: Uint8Array; etag: string }) =>
          db
            .insertInto('pet_photo_images')
            .values({ key: p.key, size: p.size, bytes: p.bytes, etag: p.etag }),
      ),
      // Positions from `from` to `to` (inclusive) move by `by`: room made, or a gap closed.
      shift: database.statement((db, p: { petId: number; from: number; to: number; by: number }) =>
        db
          .updateTable('pet_photos')
          .set((eb) => ({ position: eb('position', '+', p.by) }))
          .where('pet_id', '=', p.petId)
          .where('removed_at', 'is', null)
          .where('position', '>=', p.from)
          .where('position', '<=', p.to),
      ),
      place: database.statement((db, p: { id: number; position: number }) =>
        db.updateTable('pet_photos').set({ position: p.position }).where('id', '=', p.id),
      ),
      remove: database.statement((db, p: { id: number; at: number }) =>
        db
          .updateTable('pet_photos')
          .set({ removed_at: p.at })
          .where('id', '=', p.id)
          .where('removed_at', 'is', null),
      ),
      removeOfPet: database.statement((db, p: { petId: number; at: number }) =>
        db
          .updateTable('pet_photos')
          .set({ removed_at: p.at })
          .where('pet_id', '=', p.petId)
          .where('removed_at', 'is', null)
          .returning('key'),
      ),
      deleteImages: database.statement((db, p: { key: string }) =>
        db.deleteFrom('pet_photo_images').where('key', '=', p.key),
      ),
      image: database.statement((db, p: { key: string; size: PhotoSize }) =>
        db
          .selectFrom('pet_photo_images')
          .select(['bytes', 'etag'])
          .where('key', '=', p.key)
          .where('size', '=', p.size),
      ),
    };
  }

  /** The pet, if it is there (not removed), with the account that created it. */
  async petOf(
    petId: number,
    tx?: WriteTx,
  ): Promise<{ id: number; ownerAccountId: number | null } | undefined> {
    const rows = tx
      ? await tx.all(this.statements.pet, { petId })
      : await this.database.all(this.statements.pet, { petId });
    return rows[0];
  }

  /** The pet's profile as stored (JSON), if anyone described it. */
  async profileOf(petId: number, tx?: WriteTx): Promise<string | undefined> {
    const rows = tx
      ? await tx.all(this.statements.profile, { petId })
      : await this.database.all(this.statements.profile, { petId });
    return rows[0]?.profile;
  }

  /** The stored profiles of these pets (at most 100), by pet. */
  async profilesOf(petIds: readonly number[]): Promise<Map<number, string>> {
    const rows = await this.database.all(this.statements.profiles, manyIds(petIds));
    return new Map(rows.map((row) => [row.petId, row.profile]));
  }

  async saveProfile(tx: WriteTx, petId: number, profile: string, at: number): Promise<void> {
    await tx.run(this.statements.insertProfile, { petId, profile, at });
  }

  /** The pet's photos in order, as committed (or as the transaction sees them). */
  photosOf(petId: number, tx?: WriteTx): Promise<PhotoRow[]> {
    return tx
      ? tx.all(this.statements.photos, { petId })
      : this.database.all(this.statements.photos, { petId });
  }

  /** The photos of these pets (at most 100), by pet, each pet's in order. */
  async photosOfPets(petIds: readonly number[]): Promise<Map<number, PhotoRow[]>> {
    const rows = await this.database.all(this.statements.photosOfPets, manyIds(petIds));
    const byPet = new Map<number, PhotoRow[]>();
    for (const row of rows) {
      const photos = byPet.get(row.petId) ?? [];
      photos.push(row);
      byPet.set(row.petId, photos);
    }
    return byPet;
  }

  /** Stores a photo and its images, in the caller's transaction. */
  async insert(
    tx: WriteTx,
    photo: Omit<PhotoRow, 'id'>,
    images: Readonly<Record<PhotoSize, { bytes: Uint8Array; etag: string }>>,
    at: number,
  ): Promise<PhotoRow> {
    const [row] = await tx.all(this.statements.insertPhoto, { ...photo, at });
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    for (const [size, image] of Object.entries(images) as [PhotoSize, (typeof images)[PhotoSize]][])
      await tx.run(this.statements.insertImage, { key: photo.key, size, ...image });
    return row;
  }

  /** Moves a photo from `from` to `to`, the photos between moving one the other way. */
  async move(tx: WriteTx, photo: PhotoRow, to: number): Promise<void> {
    const from = photo.position;
    if (to === from) return;
    if (to < from)
      await tx.run(this.statements.shift, { petId: photo.petId, from: to, to: from - 1, by: 1 });
    else await tx.run(this.statements.shift, { petId: photo.petId, from: from + 1, to, by: -1 });
    await tx.run(this.statements.place, { id: photo.id, position: to });
  }

  /** Removes a photo: its row kept (removed), its images deleted, the photos after it moved up. */
  async remove(tx: WriteTx, photo: PhotoRow, at: number): Promise<void> {
    await tx.run(this.statements.remove, { id: photo.id, at });
    await tx.run(this.statements.deleteImages, { key: photo.key });
    await tx.run(this.statements.shift, {
      petId: photo.petId,
      from: photo.position + 1,
      // Every photo after it (positions are integers of the engine's 32 bits).
      to: 2 ** 31 - 1,
      by: -1,
    });
  }

  /** Removes every photo of a pet (the pet is being removed); resolves with their keys. */
  async removeAllOf(tx: WriteTx, petId: number, at: number): Promise<string[]> {
    const removed = await tx.all(this.statements.removeOfPet, { petId, at });
    for (const { key } of removed) await tx.run(this.statements.deleteImages, { key });
    return removed.map(({ key }) => key);
  }

  /** One image of a photo, if the photo is there. */
  async image(
    key: string,
    size: PhotoSize,
  ): Promise<{ bytes: Uint8Array; etag: string } | undefined> {
    return this.database.first(this.statements.image, { key, size });
  }
}
