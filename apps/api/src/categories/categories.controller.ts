/** The categories endpoints under /v1/categories: list, get, create and change (beta). */
import { Controller, Headers, Param, Req, Res } from '@nestjs/common';
import {
  type Category,
  CategoryPatch,
  HEADERS,
  ListKeysQuery,
  NewCategory,
  PROBLEMS,
} from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { baseUrlOf } from '../http/base-url.js';
import { OperationBody, OperationQuery } from '../parsing/operation-input.js';
import { Operation } from '../gate/operation.decorator.js';
import { answerPage } from '../paging/paging.js';
import { CurrentPrincipal } from '../gate/principal.decorator.js';
import type { Principal } from '../gate/principal.js';
import { pathId } from '../parsing/path-id.js';
import { idempotencyKeyPipe } from '../idempotency/idempotency-key.pipe.js';
import { CategoriesService } from './categories.service.js';

/** A category's id from the path; anything else names no category. */
const idOf = (categoryId: string): number => pathId(categoryId, PROBLEMS.categoryNotFound);

@Controller()
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Operation('listCategories')
  async list(
    @OperationQuery() query: ListKeysQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Category[]> {
    const page = await this.categories.page(query);
    return answerPage(request, reply, '/categories', { limit: query.limit }, page);
  }

  @Operation('getCategory')
  get(@Param('categoryId') categoryId: string): Promise<Category> {
    return this.categories.get(idOf(categoryId));
  }

  @Operation('createCategory')
  async create(
    @OperationBody() body: NewCategory,
    @Headers('idempotency-key') rawIdempotencyKey: string | undefined,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Category> {
    const idempotencyKey = idempotencyKeyPipe.transform(rawIdempotencyKey);
    const created = await this.categories.create(principal, body, idempotencyKey);
    void reply.header(HEADERS.location, `${baseUrlOf(request)}/categories/${created.id}`);
    return created;
  }

  @Operation('updateCategory')
  update(
    @Param('categoryId') categoryId: string,
    @OperationBody()
    patch: CategoryPatch,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Category> {
    return this.categories.update(principal, idOf(categoryId), patch);
  }
}
