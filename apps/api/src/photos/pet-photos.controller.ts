/** A pet's profile and photos under /v1/pets/{petId}: read, change, add, move and remove. */
import { Controller, Headers, Param, Req } from '@nestjs/common';
import {
  type PetPhoto,
  type PetProfile,
  PetProfilePatch,
  PHOTO_MEDIA_TYPES,
  type PhotoMediaType,
  PhotoMove,
  PROBLEMS,
} from '@pets/contract';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../errors/api-exception.js';
import { CurrentPrincipal } from '../gate/principal.decorator.js';
import type { Principal } from '../gate/principal.js';
import { Operation } from '../gate/operation.decorator.js';
import { baseUrlOf } from '../http/base-url.js';
import { idempotencyKeyPipe } from '../idempotency/idempotency-key.pipe.js';
import { OperationBody } from '../parsing/operation-input.js';
import { pathId } from '../parsing/path-id.js';
import { PetPhotosService } from './pet-photos.service.js';

const petIdOf = (petId: string): number => pathId(petId, PROBLEMS.petNotFound);
const photoIdOf = (photoId: string): number => pathId(photoId, PROBLEMS.photoNotFound);

/** The API's public address (`{base_url}` without `/v1`), where the photos' images are served. */
export const originOf = (request: FastifyRequest): string =>
  baseUrlOf(request).replace(/\/v1$/, '');

/** The image type a photo upload says it is (parameters ignored), or a refusal. */
function photoTypeOf(contentType: string | undefined): PhotoMediaType {
  const type = contentType?.split(';', 1)[0]?.trim().toLowerCase();
  const known = PHOTO_MEDIA_TYPES.find((photoType) => photoType === type);
  if (!known) throw ApiException.of(PROBLEMS.notAPhotoType);
  return known;
}

@Controller()
export class PetPhotosController {
  constructor(private readonly photos: PetPhotosService) {}

  @Operation('getPetProfile')
  profile(@Param('petId') petId: string): Promise<PetProfile> {
    return this.photos.profile(petIdOf(petId));
  }

  @Operation('updatePetProfile')
  updateProfile(
    @Param('petId') petId: string,
    @OperationBody() patch: PetProfilePatch,
    @CurrentPrincipal() principal: Principal,
  ): Promise<PetProfile> {
    return this.photos.updateProfile(principal, petIdOf(petId), patch);
  }

  @Operation('listPetPhotos')
  list(@Param('petId') petId: string, @Req() request: FastifyRequest): Promise<PetPhoto[]> {
    return this.photos.list(petIdOf(petId), originOf(request));
  }

  @Operation('uploadPetPhoto')
  upload(
    @Param('petId') petId: string,
    @Headers('idempotency-key') rawIdempotencyKey: string | undefined,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
  ): Promise<PetPhoto> {
    const id = petIdOf(petId);
    const idempotencyKey = idempotencyKeyPipe.transform(rawIdempotencyKey);
    const type = photoTypeOf(request.headers['content-type']);
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    return this.photos.add(principal, id, bytes, type, originOf(request), idempotencyKey);
  }

  @Operation('movePetPhoto')
  move(
    @Param('petId') petId: string,
    @Param('photoId') photoId: string,
    @OperationBody() move: PhotoMove,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
  ): Promise<PetPhoto> {
    return this.photos.move(
      principal,
      petIdOf(petId),
      photoIdOf(photoId),
      move.position,
      originOf(request),
    );
  }

  @Operation('removePetPhoto')
  async remove(
    @Param('petId') petId: string,
    @Param('photoId') photoId: string,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.photos.remove(principal, petIdOf(petId), photoIdOf(photoId), originOf(request));
  }
}
