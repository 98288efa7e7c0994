/**
 * The store endpoints under /v1/store (beta): orders listed, placed, got and moved; the adoptions
 * report; the inventory.
 */
import { Controller, Headers, Param, Req, Res } from '@nestjs/common';
import {
  AdoptionsReportQuery,
  type AdoptionsReport,
  expandText,
  HEADERS,
  type Inventory,
  type ListedOrder,
  ListOrdersQuery,
  NewOrder,
  type Order,
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
import { OrdersService } from './orders.service.js';

/** An order's id from the path; anything else names no order. */
const idOf = (orderId: string): number => pathId(orderId, PROBLEMS.orderNotFound);

@Controller()
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Operation('listOrders')
  async list(
    @OperationQuery() query: ListOrdersQuery,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ListedOrder[]> {
    const { limit, status, petId, accountId, sort } = query;
    const page = await this.orders.page(principal, query);
    const expand = expandText(query.expand);
    const kept = { limit, status, petId, accountId, sort, expand };
    return answerPage(request, reply, '/store/orders', kept, page);
  }

  @Operation('placeOrder')
  async place(
    @OperationBody() order: NewOrder,
    @Headers('idempotency-key') rawIdempotencyKey: string | undefined,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Order> {
    const idempotencyKey = idempotencyKeyPipe.transform(rawIdempotencyKey);
    const placed = await this.orders.place(principal, order, idempotencyKey);
    void reply.header(HEADERS.location, `${baseUrlOf(request)}/store/orders/${placed.id}`);
    return placed;
  }

  @Operation('getOrder')
  get(@Param('orderId') orderId: string, @CurrentPrincipal() principal: Principal): Promise<Order> {
    return this.orders.get(principal, idOf(orderId));
  }

  @Operation('approveOrder')
  approve(
    @Param('orderId') orderId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Order> {
    return this.orders.move(principal, idOf(orderId), 'approve');
  }

  @Operation('deliverOrder')
  deliver(
    @Param('orderId') orderId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Order> {
    return this.orders.move(principal, idOf(orderId), 'deliver');
  }

  @Operation('cancelOrder')
  cancel(
    @Param('orderId') orderId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Order> {
    return this.orders.move(principal, idOf(orderId), 'cancel');
  }

  @Operation('getAdoptionsReport')
  adoptions(@OperationQuery() query: AdoptionsReportQuery): Promise<AdoptionsReport> {
    return this.orders.adoptions(query);
  }

  @Operation('getInventory')
  inventory(): Promise<Inventory> {
    return this.orders.inventory();
  }
}
