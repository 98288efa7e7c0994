/**
 * The calling account's own webhook endpoints under /v1/account/webhooks (beta), with their
 * attempts, resends and test events: any valid key.
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
import { WebhooksService } from './webhooks.service.js';

/** An endpoint's id from the path; anything else names no endpoint. */
export const endpointIdOf = (endpointId: string): number =>
  pathId(endpointId, PROBLEMS.webhookEndpointNotFound);

/** A delivery's id from the path; anything else names no delivery. */
export const deliveryIdOf = (deliveryId: string): number =>
  pathId(deliveryId, PROBLEMS.webhookDeliveryNotFound);

@Controller()
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly deliveries: WebhookDeliveriesService,
  ) {}

  @Operation('listWebhookEndpoints')
  async list(
    @OperationQuery() query: ListKeysQuery,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WebhookEndpoint[]> {
    const page = await this.webhooks.page(principal.accountId, query);
    return answerPage(request, reply, '/account/webhooks', { limit: query.limit }, page);
  }

  @Operation('createWebhookEndpoint')
  create(
    @OperationBody() body: NewWebhookEndpoint,
    @Headers('idempotency-key') rawIdempotencyKey: string | undefined,
    @CurrentPrincipal() principal: Principal,
  ): Promise<CreatedWebhookEndpoint> {
    const idempotencyKey = idempotencyKeyPipe.transform(rawIdempotencyKey);
    return this.webhooks.create(principal, principal.accountId, body, idempotencyKey);
  }

  @Operation('getWebhookEndpoint')
  get(
    @Param('endpointId') endpointId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<WebhookEndpoint> {
    return this.webhooks.get(principal.accountId, endpointIdOf(endpointId));
  }

  @Operation('updateWebhookEndpoint')
  update(
    @Param('endpointId') endpointId: string,
    @OperationBody() patch: WebhookEndpointPatch,
    @CurrentPrincipal() principal: Principal,
  ): Promise<WebhookEndpoint> {
    return this.webhooks.update(principal, principal.accountId, endpointIdOf(endpointId), patch);
  }

  @Operation('deleteWebhookEndpoint')
  async remove(
    @Param('endpointId') endpointId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<void> {
    await this.webhooks.remove(principal, principal.accountId, endpointIdOf(endpointId));
  }

  @Operation('rollWebhookSecret')
  roll(
    @Param('endpointId') endpointId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<RolledWebhookSecret> {
    return this.webhooks.roll(principal, principal.accountId, endpointIdOf(endpointId));
  }

  @Operation('listWebhookAttempts')
  async attempts(
    @Param('endpointId') endpointId: string,
    @OperationQuery() query: ListKeysQuery,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WebhookAttempt[]> {
    const id = endpointIdOf(endpointId);
    const page = await this.deliveries.attempts(principal.accountId, id, query);
    const path = `/account/webhooks/${id}/attempts`;
    return answerPage(request, reply, path, { limit: query.limit }, page);
  }

  @Operation('resendWebhookDelivery')
  resend(
    @Param('endpointId') endpointId: string,
    @Param('deliveryId') deliveryId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<WebhookDelivery> {
    const endpoint = endpointIdOf(endpointId);
    return this.deliveries.resend(
      principal,
      principal.accountId,
      endpoint,
      deliveryIdOf(deliveryId),
    );
  }

  @Operation('sendWebhookTestEvent')
  test(
    @Param('endpointId') endpointId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<WebhookDelivery> {
    return this.deliveries.sendTest(principal, principal.accountId, endpointIdOf(endpointId));
  }
}
