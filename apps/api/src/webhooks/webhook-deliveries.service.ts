/**
 * What an account can do with its endpoints' deliveries (docs/partners/webhooks.md): read an
 * endpoint's attempts by page, newest first; send a delivery again, with its `webhook-id`; and send
 * an endpoint a `webhook.test` event, made for it alone. The worker sends what these make due.
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  type EventType,
  type ListKeysQuery,
  PROBLEMS,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookTestEventData,
} from '@pets/contract';
import { actorOf, AuditRepository } from '../audit/audit.repository.js';
import { OutboxSignal } from '../audit/outbox-signal.js';
import { CLOCK, type Clock } from '../config/clock.js';
import { Writer, type WriteTx } from '../database/writer.js';
import { ApiException } from '../errors/api-exception.js';
import type { Principal } from '../gate/principal.js';
import { Cursors } from '../paging/cursor.js';
import { type Page, scopedPage } from '../paging/paging.js';
import { bodyOf, messageIdOf } from './webhook-delivery.worker.js';
import {
  type DeliveryRecord,
  type ListedAttempt,
  WebhookDeliveriesRepository,
} from './webhook-deliveries.repository.js';
import { type EndpointRecord, WebhooksRepository } from './webhooks.repository.js';

const iso = (ms: number) => new Date(ms).toISOString();

@Injectable()
export class WebhookDeliveriesService {
  constructor(
    private readonly endpoints: WebhooksRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly writer: Writer,
    private readonly cursors: Cursors,
    private readonly audit: AuditRepository,
    private readonly outbox: OutboxSignal,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A page of the endpoint's attempts, newest first (`404` for another account's endpoint). */
  async attempts(
    accountId: number,
    endpointId: number,
    query: ListKeysQuery,
  ): Promise<Page<WebhookAttempt>> {
    if (!(await this.endpoints.find(accountId, endpointId)))
      throw ApiException.of(PROBLEMS.webhookEndpointNotFound);
    const list = {
      kind: 'a1',
      scope: String(endpointId),
      otherScope: "belongs to another webhook endpoint's attempts",
    };
    return scopedPage(this.cursors, list, query, async (beforeId, take) =>
      (await this.deliveries.attempts(endpointId, beforeId, take)).map(attemptOf),
    );
  }

  /**
   * Makes the endpoint's delivery due now, its retries started over, with its `webhook-id`: `404`
   * for a delivery of another endpoint, `409` while the endpoint is disabled (it would wait).
   * Audited; this instance's worker is told once it is committed.
   */
  resend(
    principal: Principal,
    accountId: number,
    endpointId: number,
    deliveryId: number,
  ): Promise<WebhookDelivery> {
    return this.writer.transaction(async (tx) => {
      await this.enabledEndpoint(tx, accountId, endpointId);
      const before = await this.deliveries.delivery(tx, endpointId, deliveryId);
      if (!before) throw ApiException.of(PROBLEMS.webhookDeliveryNotFound);
      const now = this.clock.now();
      await this.deliveries.resend(tx, deliveryId, now);
      const after = deliveryOf({ ...before, status: 'pending', attempts: 0, nextAttemptAt: now });
      await this.audit.record(tx, now, {
        actor: actorOf(principal),
        action: 'webhook.delivery_resent',
        target: { type: 'webhook', id: endpointId },
        changes: {
          deliveryId: [null, deliveryId],
          eventId: [null, before.eventId],
          status: [before.status, 'pending'],
        },
      });
      tx.afterCommit(this.outbox.raise);
      return after;
    });
  }

  /**
   * A `webhook.test` event, written to the outbox for the endpoint's account alone (no endpoint
   * subscribes to it, so dispatch hands it to none), and its delivery to this endpoint, due now.
   * Audited; this instance's worker is told once it is committed.
   */
  sendTest(principal: Principal, accountId: number, endpointId: number): Promise<WebhookDelivery> {
    return this.writer.transaction(async (tx) => {
      const endpoint = await this.enabledEndpoint(tx, accountId, endpointId);
      const type: EventType = 'webhook.test';
      const data: WebhookTestEventData = { endpointId };
      const now = this.clock.now();
      const json = JSON.stringify(data);
      const eventId = await this.deliveries.publish(tx, {
        type,
        createdAt: now,
        accountId: endpoint.accountId,
        data: json,
      });
      const event = {
        id: eventId,
        type,
        createdAt: now,
        accountId: endpoint.accountId,
        data: json,
      };
      const id = await this.deliveries.add(tx, {
        endpointId,
        messageId: messageIdOf(eventId),
        eventId,
        eventType: type,
        body: bodyOf(event),
        createdAt: now,
      });
      await this.audit.record(tx, now, {
        actor: actorOf(principal),
        action: 'webhook.test_sent',
        target: { type: 'webhook', id: endpointId },
        changes: { eventId: [null, eventId], deliveryId: [null, id] },
      });
      tx.afterCommit(this.outbox.raise);
      return deliveryOf({
        id,
        eventId,
        eventType: type,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
      });
    });
  }

  /** The account's endpoint, held: `404` for none, `409` while it is disabled. */
  private async enabledEndpoint(
    tx: WriteTx,
    accountId: number,
    endpointId: number,
  ): Promise<EndpointRecord> {
    await tx.lockRow('webhook_endpoints', endpointId);
    const endpoint = await this.endpoints.findIn(tx, accountId, endpointId);
    if (!endpoint) throw ApiException.of(PROBLEMS.webhookEndpointNotFound);
    if (endpoint.status !== 'enabled') throw ApiException.of(PROBLEMS.webhookEndpointDisabled);
    return endpoint;
  }
}

function deliveryOf(record: DeliveryRecord): WebhookDelivery {
  return {
    id: record.id,
    // Every delivery is of an event: dispatched ones and tests alike.
    eventId: record.eventId ?? 0,
    eventType: record.eventType as EventType,
    status: record.status,
    attempts: record.attempts,
    nextAttemptAt: record.nextAttemptAt === null ? null : iso(record.nextAttemptAt),
  };
}

function attemptOf(row: ListedAttempt): WebhookAttempt {
  return {
    id: row.id,
    deliveryId: row.deliveryId,
    eventId: row.eventId ?? 0,
    eventType: row.eventType as EventType,
    attempt: Number(row.attempt ?? 1),
    attemptedAt: iso(row.attemptedAt),
    // SQLite gives 1/0, PostgreSQL true/false.
    succeeded: row.succeeded === true || row.succeeded === 1,
    responseStatus: row.responseStatus,
    error: row.error,
    durationMs: row.durationMs,
    responseExcerpt: row.responseExcerpt,
  };
}
