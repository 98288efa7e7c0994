/**
 * Webhook endpoints as a NestJS module: the account's own and staff's endpoints, their service and
 * table, their deliveries (the attempts' log, resends, test events), the worker and what wakes it
 * on every instance, and the resolver their URLs are checked with (the system's unless the app is
 * given one).
 */
import { type DynamicModule, Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { HOST_RESOLVER, type HostResolver, systemResolver } from './address-policy.js';
import { OutboxBroadcast } from './outbox-broadcast.js';
import { WebhooksAdminController } from './webhooks-admin.controller.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookDeliveriesService } from './webhook-deliveries.service.js';
import { WebhookDeliveryWorker } from './webhook-delivery.worker.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

@Module({})
export class WebhooksModule {
  static forRoot(resolveHost: HostResolver = systemResolver): DynamicModule {
    return {
      module: WebhooksModule,
      imports: [IdempotencyModule, AuditModule],
      controllers: [WebhooksController, WebhooksAdminController],
      providers: [
        { provide: HOST_RESOLVER, useValue: resolveHost },
        WebhooksRepository,
        WebhooksService,
        WebhookDeliveriesRepository,
        WebhookDeliveriesService,
        WebhookDeliveryWorker,
        OutboxBroadcast,
      ],
    };
  }
}
