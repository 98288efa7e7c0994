/**
 * Any account's webhook endpoints for staff under /v1/admin/accounts/{accountId}/webhooks (beta):
 * the same as the account's own (attempts, resends and test events included), for the account the
 * path names (`404` for none).
 */
import { Controller, Headers, Param, Req, Res } from '@nestjs/common';
import {
  type CreatedWebhookEndpoint,
  ListKeysQuery,
  NewWebhookEndpoint,
  PROBLEMS,
  type RolledWebhookSecret,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
  WebhookEndpointPatch,
} from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Operation } from '../gate/operation.decorator.js';
import { CurrentPrincipal } from '../gate/principal.decorator.js';
import type { Principal } from '../gate/principal.js';
import { idempotencyKeyPipe } from '../idempotency/idempotency-key.pipe.js';
import { answerPage } from '../paging/paging.js';
import { OperationBody, OperationQuery } from '../parsing/operation-input.js';
import { pathId } from '../parsing/path-id.js';
import { WebhookDeliveriesService } from './webhook-deliveries.service.js';
import { deliveryIdOf, endpointIdOf } from './webhooks.controller.js';
import { WebhooksService } from './webhooks.service.js';

@Controller()
export class WebhooksAdminController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly deliveries: WebhookDeliveriesService,
  ) {}

  /** The account the path names: its id, once it is known to exist. */
  private async account(accountId: string): Promise<number> {
    const id = pathId(accountId, PROBLEMS.accountNotFound);
    await this.webhooks.assertAccount(id);
    return id;
  }

  @Operation('listWebhookEndpointsOfAccount')
  async list(
    @Param('accountId') accountId: string,
    @OperationQuery() query: ListKeysQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WebhookEndpoint[]> {
    const account = await this.account(accountId);
    const page = await this.webhooks.page(account, query);
    const path = `/admin/accounts/${account}/webhooks`;
    return answerPage(request, reply, path, { limit: query.limit }, page);
  }

  @Operation('createWebhookEndpointForAccount')
  async create(
    @Param('accountId') accountId: string,
    @OperationBody() body: NewWebhookEndpoint,
    @Headers('idempotency-key') rawIdempotencyKey: string | undefined,
    @CurrentPrincipal() principal: Principal,
  ): Promise<CreatedWebhookEndpoint> {
    const idempotencyKey = idempotencyKeyPipe.transform(rawIdempotencyKey);
    const account = await this.account(accountId);
    return this.webhooks.create(principal, account, body, idempotencyKey);
  }

  @Operation('getWebhookEndpointOfAccount')
  async get(
    @Param('accountId') accountId: string,
    @Param('endpointId') endpointId: string,
  ): Promise<WebhookEndpoint> {
    return this.webhooks.get(await this.account(accountId), endpointIdOf(endpointId));
  }

  @Operation('updateWebhookEndpointOfAccount')
  async update(
    @Param('accountId') accountId: string,
    @Param('endpointId') endpointId: string,
    @OperationBody() patch: WebhookEndpointPatch,
    @CurrentPrincipal() principal: Principal,
  ): Promise<WebhookEndpoint> {
    const account = await this.account(accountId);
    return this.webhooks.update(principal, account, endpointIdOf(endpointId), patch);
  }

  @Operation('deleteWebhookEndpointOfAccount')
  async remove(
    @Param('accountId') accountId: string,
    @Param('endpointId') endpointId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<void> {
    const account = await this.account(accountId);
    await this.webhooks.remove(principal, account, endpointIdOf(endpointId));
  }

  @Operation('rollWebhookSecretOfAccount')
  async roll(
    @Param('accountId') accountId: string,
    @Param('endpointId') endpointId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<RolledWebhookSecret> {
    const account = await this.account(accountId);
    return this.webhooks.roll(principal, account, endpointIdOf(endpointId));
  }

  @Operation('listWebhookAttemptsOfAccount')
  async attempts(
    @Param('accountId') accountId: string,
    @Param('endpointId') endpointId: string,
    @OperationQuery() query: ListKeysQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WebhookAttempt[]> {
    const account = await this.account(accountId);
    const id = endpointIdOf(endpointId);
    const page = await this.deliveries.attempts(account, id, query);
    const path = `/admin/accounts/${account}/webhooks/${id}/attempts`;
    return answerPage(request, reply, path, { limit: query.limit }, page);
  }

  @Operation('resendWebhookDeliveryOfAccount')
  async resend(
    @Param('accountId') accountId: string,
    @Param('endpointId') endpointId: string,
    @Param('deliveryId') deliveryId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<WebhookDelivery> {
    const account = await this.account(accountId);
    const endpoint = endpointIdOf(endpointId);
    return this.deliveries.resend(principal, account, endpoint, deliveryIdOf(deliveryId));
  }

  @Operation('sendWebhookTestEventOfAccount')
  async test(
    @Param('accountId') accountId: string,
    @Param('endpointId') endpointId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<WebhookDelivery> {
    const account = await this.account(accountId);
    return this.deliveries.sendTest(principal, account, endpointIdOf(endpointId));
  }
}
