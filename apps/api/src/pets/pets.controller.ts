/** The pets endpoints under /v1/pets: list, create, change, remove, and the deprecated getPet. */
import { Controller, Headers, Param, Req, Res } from '@nestjs/common';
import {
  CSV_CONTENT_TYPE,
  CSV_MEDIA_TYPE,
  HEADERS,
  ListPetsQuery,
  NewPet,
  type Pet,
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

const notFound = () => ApiException.of(PROBLEMS.petNotFound);

/** A pet's id from the path; anything else names no pet. */
const idOf = (petId: string): number => pathId(petId, PROBLEMS.petNotFound);

@Controller()
export class PetsController {
  constructor(private readonly pets: PetsService) {}

  @Operation('listPets')
  async list(
    @OperationQuery() query: ListPetsQuery,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Pet[] | string | Readable> {
    // JSON or CSV, as `Accept` chooses: caches keep the two apart.
    void reply.header('vary', 'Accept');
    if (petsMediaType(request.headers.accept) === CSV_MEDIA_TYPE)
      return this.csv(query, principal, reply);
    const { limit, status, categoryId, name, owner, sort, q } = query;
    const page = await this.pets.list(principal, query);
    answerPage(request, reply, '/pets', { limit, status, categoryId, name, owner, sort, q }, page);
    return keptBody(reply, page);
  }

  /** Every pet that matches, as a CSV file streamed page by page; `limit` is ignored. */
  private csv(query: ListPetsQuery, principal: Principal, reply: FastifyReply): Readable {
    if (query.cursor !== undefined)
      throw invalidCursor('is not taken with `Accept: text/csv`: the file holds every pet');
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
  async get(@Param('petId') petId: string): Promise<Pet> {
    this.pets.assertGetPetAvailable();
    const pet = await this.pets.get(idOf(petId));
    if (!pet) throw notFound();
    return pet;
  }
}
