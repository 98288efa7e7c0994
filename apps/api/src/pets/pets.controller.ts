/** The pets endpoints under /v1/pets: list, create, change, remove, and the deprecated getPet. */
import { Controller, Headers, Param, Req, Res } from '@nestjs/common';
import {
  CSV_CONTENT_TYPE,
  CSV_MEDIA_TYPE,
  HEADERS,
  ListPetsQuery,
  NewPet,
  expandText,
  type ListedPet,
  type Pet,
  type PetExpansion,
  PetPatch,
  PETS_CSV_FILENAME,
  petsMediaType,
  PROBLEMS,
} from '@pets/contract';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentPrincipal } from '../gate/principal.decorator.js';
import type { Principal } from '../gate/principal.js';
import { ApiException } from '../errors/api-exception.js';
import { baseUrlOf } from '../http/base-url.js';
import { answerPage, invalidCursor, keptBody } from '../paging/paging.js';
import { OperationBody, OperationQuery } from '../parsing/operation-input.js';
import { Operation } from '../gate/operation.decorator.js';
import { pathId } from '../parsing/path-id.js';
import { idempotencyKeyPipe } from '../idempotency/idempotency-key.pipe.js';
import { petsCsv } from './pets-csv.js';
import { PetsService } from './pets.service.js';
import { PetPhotosService } from '../photos/pet-photos.service.js';
import { originOf } from '../photos/pet-photos.controller.js';

/** Why `expand` is refused in a CSV export. */
const EXPAND_NOT_IN_CSV = 'is not taken with `Accept: text/csv`: the file has the four fields';

const notFound = () => ApiException.of(PROBLEMS.petNotFound);

/** A pet's id from the path; anything else names no pet. */
const idOf = (petId: string): number => pathId(petId, PROBLEMS.petNotFound);

@Controller()
export class PetsController {
  constructor(
    private readonly pets: PetsService,
    private readonly photos: PetPhotosService,
  ) {}

  @Operation('listPets')
  async list(
    @OperationQuery() query: ListPetsQuery,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<readonly Pet[] | ListedPet[] | string | Readable> {
    // JSON or CSV, as `Accept` chooses: caches keep the two apart.
    void reply.header('vary', 'Accept');
    if (petsMediaType(request.headers.accept) === CSV_MEDIA_TYPE)
      return this.csv(query, principal, reply);
    const { limit, status, categoryId, name, owner, sort, q, expand } = query;
    const page = await this.pets.list(principal, query);
    answerPage(
      request,
      reply,
      '/pets',
      { limit, status, categoryId, name, owner, sort, q, expand: expandText(expand) },
      page,
    );
    if (expand === undefined) return keptBody(reply, page);
    return this.photos.expand(page.items, expand, originOf(request));
  }

  /** Every pet that matches, as a CSV file streamed page by page; `limit` is ignored. */
  private csv(query: ListPetsQuery, principal: Principal, reply: FastifyReply): Readable {
    if (query.cursor !== undefined)
      throw invalidCursor('is not taken with `Accept: text/csv`: the file holds every pet');
    if (query.expand !== undefined)
      throw ApiException.of(PROBLEMS.invalidQuery(`expand ${EXPAND_NOT_IN_CSV}`), [
        { field: 'expand', issue: EXPAND_NOT_IN_CSV },
      ]);
    void reply
      .header('content-type', CSV_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${PETS_CSV_FILENAME}"`);
    return petsCsv(this.pets.everyMatching(principal, query));
  }

  @Operation('createPet')
  async create(
    @OperationBody() pet: NewPet,
    @Headers('idempotency-key') rawIdempotencyKey: string | undefined,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Pet> {
    const idempotencyKey = idempotencyKeyPipe.transform(rawIdempotencyKey);
    const created = await this.pets.create(principal, pet, idempotencyKey);
    void reply.header(HEADERS.location, `${baseUrlOf(request)}/pets/${created.id}`);
    return created;
  }

  @Operation('updatePet')
  update(
    @Param('petId') petId: string,
    @OperationBody()
    patch: PetPatch,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Pet> {
    return this.pets.update(principal, idOf(petId), patch);
  }

  @Operation('deletePet')
  async remove(
    @Param('petId') petId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<void> {
    await this.pets.remove(principal, idOf(petId));
  }

  /** Deprecated: the getPet deprecation hook adds its headers to every response. */
  @Operation('getPet')
  async get(
    @Param('petId') petId: string,
    @OperationQuery() { expand }: { expand?: readonly PetExpansion[] },
    @Req() request: FastifyRequest,
  ): Promise<Pet | ListedPet> {
    this.pets.assertGetPetAvailable();
    const pet = await this.pets.get(idOf(petId));
    if (!pet) throw notFound();
    const [listed] = await this.photos.expand([pet], expand, originOf(request));
    return listed ?? pet;
  }
}
