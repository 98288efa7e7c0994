/**
 * Pets' profiles and photos (decisions §21): read by anyone with a key, changed by whoever may
 * change the pet, each change audited in its transaction. A photo's images are made before its
 * transaction (off the event loop, a few at a time) and stored with its row in one transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  EMPTY_PROFILE,
  PHOTO_WIDTHS,
  PHOTOS_PER_PET_MAX,
  type PetExpansion,
  type PetPhoto,
  type PetProfile,
  type PetProfilePatch,
  type PhotoMediaType,
  type PhotoSize,
  patchProfile,
  PROBLEMS,
  type ListedPet,
  type Pet,
} from '@pets/contract';
import { actorOf, AuditRepository, type Changes } from '../audit/audit.repository.js';
import { CLOCK, type Clock } from '../config/clock.js';
import { type WriteTx, Writer } from '../database/writer.js';
import { ApiException } from '../errors/api-exception.js';
import { IdempotencyService } from '../idempotency/idempotency.service.js';
import type { Principal } from '../gate/principal.js';
import { ImageProcessor, ImageRefused, ImagesBusy } from './images.js';
import { PhotoFiles } from './photo-files.js';
import { type PhotoRow, PhotosRepository } from './photos.repository.js';

const petNotFound = () => ApiException.of(PROBLEMS.petNotFound);
const photoNotFound = () => ApiException.of(PROBLEMS.photoNotFound);

/** Refuses a pet that is not there, or that the caller may not change (staff: any; a partner: its own). */
function mayChange(principal: Principal, pet: { ownerAccountId: number | null } | undefined): void {
  if (!pet) throw petNotFound();
  if (principal.role !== 'staff' && pet.ownerAccountId !== principal.accountId)
    throw ApiException.of(PROBLEMS.notYourPet);
}

/** Seconds a caller is asked to wait when every slot for processing photos is taken. */
export const PHOTOS_BUSY_RETRY_AFTER_SECONDS = 2;

/** A stored profile (JSON), or the empty one. */
const profileFrom = (stored: string | undefined): PetProfile =>
  stored === undefined ? EMPTY_PROFILE : (JSON.parse(stored) as PetProfile);

/** `{ field: [before, after] }` for the profile fields that differ (nested ones as `attributes.x`). */
function profileChanges(before: PetProfile, after: PetProfile): Changes {
  const changes: Record<string, readonly [unknown, unknown]> = {};
  for (const field of Object.keys(after) as (keyof PetProfile)[]) {
    const was = before[field];
    const is = after[field];
    if (typeof is === 'object' && is !== null && !Array.isArray(is)) {
      for (const [name, value] of Object.entries(is))
        if ((was as Record<string, unknown>)[name] !== value)
          changes[`${field}.${name}`] = [(was as Record<string, unknown>)[name], value];
    } else if (JSON.stringify(was) !== JSON.stringify(is)) changes[field] = [was, is];
  }
  return changes;
}

/** A strong `ETag` of some bytes. */
const etagOf = (bytes: Uint8Array): string =>
  `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

@Injectable()
export class PetPhotosService {
  constructor(
    private readonly photos: PhotosRepository,
    private readonly writer: Writer,
    private readonly audit: AuditRepository,
    private readonly images: ImageProcessor,
    private readonly files: PhotoFiles,
    private readonly idempotency: IdempotencyService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The pet, held and checked: it is there and the caller may change it. */
  private async changeable(tx: WriteTx, principal: Principal, petId: number): Promise<void> {
    await tx.lockRow('pets', petId);
    mayChange(principal, await this.photos.petOf(petId, tx));
  }

  async profile(petId: number): Promise<PetProfile> {
    if (!(await this.photos.petOf(petId))) throw petNotFound();
    return profileFrom(await this.photos.profileOf(petId));
  }

  updateProfile(principal: Principal, petId: number, patch: PetProfilePatch): Promise<PetProfile> {
    return this.writer.transaction(async (tx) => {
      await this.changeable(tx, principal, petId);
      const before = profileFrom(await this.photos.profileOf(petId, tx));
      const after = patchProfile(before, patch);
      const changes = profileChanges(before, after);
      if (Object.keys(changes).length > 0) {
        const now = this.clock.now();
        await this.photos.saveProfile(tx, petId, JSON.stringify(after), now);
        await this.audit.record(tx, now, {
          actor: actorOf(principal),
          action: 'pet.profile_updated',
          target: { type: 'pet', id: petId },
          changes,
          data: { petId, profile: after },
        });
      }
      return after;
    });
  }

  async list(petId: number, origin: string): Promise<PetPhoto[]> {
    if (!(await this.photos.petOf(petId))) throw petNotFound();
    return (await this.photos.photosOf(petId)).map((row) => this.photoOf(row, origin));
  }

  /**
   * Makes a photo of `bytes` and stores it last. The pet and the caller's right to change it, and
   * room for one more, are checked before the image is made (cheap refusals first) and again in the
   * transaction that stores it.
   */
  async add(
    principal: Principal,
    petId: number,
    bytes: Buffer,
    type: PhotoMediaType,
    origin: string,
    idempotencyKey?: string,
  ): Promise<PetPhoto> {
    // The same image for the same pet: the operation, the pet, the type and the bytes' digest.
    const request = [
      'uploadPetPhoto',
      petId,
      type,
      createHash('sha256').update(bytes).digest('hex'),
    ];
    const earlier = await this.idempotency.earlier<PhotoRow>(
      principal.accountId,
      idempotencyKey,
      request,
    );
    if (earlier) return this.photoOf(earlier, origin);
    mayChange(principal, await this.photos.petOf(petId));
    if ((await this.photos.photosOf(petId)).length >= PHOTOS_PER_PET_MAX)
      throw ApiException.of(PROBLEMS.tooManyPhotos);
    let made;
    try {
      made = await this.images.process(bytes, type);
    } catch (error) {
      if (error instanceof ImageRefused)
        throw ApiException.of(PROBLEMS.invalidBody(`body ${error.issue}`), [
          { field: 'body', issue: error.issue },
        ]);
      if (error instanceof ImagesBusy)
        throw ApiException.of(PROBLEMS.photosBusy, undefined, {
          'retry-after': String(PHOTOS_BUSY_RETRY_AFTER_SECONDS),
        });
      throw error;
    }
    const stored = (bytes: Buffer) => ({ bytes, etag: etagOf(bytes) });
    const images: Record<PhotoSize, { bytes: Uint8Array; etag: string }> = {
      small: stored(made.images.small),
      medium: stored(made.images.medium),
      large: stored(made.images.large),
    };
    const row = await this.idempotency.once(
      principal.accountId,
      idempotencyKey,
      request,
      async (tx) => {
        await this.changeable(tx, principal, petId);
        const count = (await this.photos.photosOf(petId, tx)).length;
        if (count >= PHOTOS_PER_PET_MAX) throw ApiException.of(PROBLEMS.tooManyPhotos);
        const now = this.clock.now();
        const stored = await this.photos.insert(
          tx,
          {
            petId,
            position: count + 1,
            key: randomBytes(32).toString('base64url'),
            width: made.width,
            height: made.height,
            thumbhash: made.thumbhash,
          },
          images,
          now,
        );
        await this.audit.record(tx, now, {
          actor: actorOf(principal),
          action: 'photo.added',
          target: { type: 'pet', id: petId },
          changes: { photo: [null, stored.id] },
          data: { petId, photo: this.photoOf(stored, origin) },
        });
        return stored;
      },
    );
    return this.photoOf(row, origin);
  }

  /** The photo of the pet, as the transaction sees it. */
  private async photoIn(tx: WriteTx, petId: number, photoId: number): Promise<PhotoRow> {
    const photo = (await this.photos.photosOf(petId, tx)).find(({ id }) => id === photoId);
    if (!photo) throw photoNotFound();
    return photo;
  }

  move(
    principal: Principal,
    petId: number,
    photoId: number,
    position: number,
    origin: string,
  ): Promise<PetPhoto> {
    return this.writer.transaction(async (tx) => {
      await this.changeable(tx, principal, petId);
      const photos = await this.photos.photosOf(petId, tx);
      const photo = photos.find(({ id }) => id === photoId);
      if (!photo) throw photoNotFound();
      if (position > photos.length) {
        const issue = `must be at most ${photos.length}, the number of photos the pet has`;
        throw ApiException.of(PROBLEMS.invalidBody(`position ${issue}`), [
          { field: 'position', issue },
        ]);
      }
      const moved = this.photoOf({ ...photo, position }, origin);
      if (position !== photo.position) {
        await this.photos.move(tx, photo, position);
        await this.audit.record(tx, this.clock.now(), {
          actor: actorOf(principal),
          action: 'photo.moved',
          target: { type: 'pet', id: petId },
          changes: { photo: [photo.id, photo.id], position: [photo.position, position] },
          data: { petId, photo: moved },
        });
      }
      return moved;
    });
  }

  async remove(
    principal: Principal,
    petId: number,
    photoId: number,
    origin: string,
  ): Promise<void> {
    const key = await this.writer.transaction(async (tx) => {
      await this.changeable(tx, principal, petId);
      const photo = await this.photoIn(tx, petId, photoId);
      const now = this.clock.now();
      await this.photos.remove(tx, photo, now);
      await this.audit.record(tx, now, {
        actor: actorOf(principal),
        action: 'photo.removed',
        target: { type: 'pet', id: petId },
        changes: { photo: [photo.id, null] },
        data: { petId, photo: this.photoOf(photo, origin) },
      });
      return photo.key;
    });
    this.files.forget(key);
  }

  /** The pets of a page with what `expand` asks for, read in one statement each. */
  async expand(
    pets: readonly Pet[],
    expand: readonly PetExpansion[] | undefined,
    origin: string,
  ): Promise<ListedPet[] | readonly Pet[]> {
    if (expand === undefined || pets.length === 0) return pets;
    const ids = pets.map(({ id }) => id);
    const [profiles, photos] = await Promise.all([
      expand.includes('profile') ? this.photos.profilesOf(ids) : undefined,
      expand.includes('photos') ? this.photos.photosOfPets(ids) : undefined,
    ]);
    return pets.map((pet) => ({
      ...pet,
      ...(profiles ? { profile: profileFrom(profiles.get(pet.id)) } : {}),
      ...(photos
        ? { photos: (photos.get(pet.id) ?? []).map((row) => this.photoOf(row, origin)) }
        : {}),
    }));
  }

  /** A photo as the API shows it, its URLs on `origin` (the API's public address). */
  photoOf(row: PhotoRow, origin: string): PetPhoto {
    const url = (size: PhotoSize) => `${origin}/photos/${row.key}-${PHOTO_WIDTHS[size]}.webp`;
    return {
      id: row.id,
      position: row.position,
      width: row.width,
      height: row.height,
      thumbhash: row.thumbhash,
      urls: { small: url('small'), medium: url('medium'), large: url('large') },
    };
  }
}
