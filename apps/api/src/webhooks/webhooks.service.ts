/**
 * What can be done with an account's webhook endpoints (docs/partners/webhooks.md): list them by
 * page, create them (at most WEBHOOK_ENDPOINTS_MAX, once per Idempotency-Key, the secret shown
 * once), change, delete and roll their secrets, each change audited without a secret. A URL is
 * checked where it resolves (`address-policy.ts`) before anything is written.
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  type CreatedWebhookEndpoint,
  describeDetails,
  type ListKeysQuery,
  type NewWebhookEndpoint,
  PREVIOUS_SECRET_HOURS,
  PROBLEMS,
  type RolledWebhookSecret,
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookEndpoint,
  type WebhookEndpointPatch,
} from '@pets/contract';
import { actorOf, AuditRepository, type Changes } from '../audit/audit.repository.js';
import { CLOCK, type Clock } from '../config/clock.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { Writer } from '../database/writer.js';
import { ApiException } from '../errors/api-exception.js';
import type { Principal } from '../gate/principal.js';
import { IdempotencyService } from '../idempotency/idempotency.service.js';
import { Cursors } from '../paging/cursor.js';
import { type Page, scopedPage } from '../paging/paging.js';
import { checkWebhookUrl, HOST_RESOLVER, type HostResolver } from './address-policy.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { generateSecret, SecretBox } from './webhook-secrets.js';
import { type EndpointRecord, WebhooksRepository } from './webhooks.repository.js';

const PREVIOUS_SECRET_MS = PREVIOUS_SECRET_HOURS * 60 * 60 * 1_000;

const notFound = () => ApiException.of(PROBLEMS.webhookEndpointNotFound);
const iso = (ms: number) => new Date(ms).toISOString();

/** What a create stores under its Idempotency-Key: the endpoint, and its secret sealed. */
interface Made {
  endpoint: WebhookEndpoint;
  sealedSecret: string;
}

@Injectable()
export class WebhooksService {
  /** `undefined` only in production without `WEBHOOK_SECRETS_KEY`, where the API does not serve. */
  private readonly box: SecretBox | undefined;

  constructor(
    private readonly endpoints: WebhooksRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly idempotency: IdempotencyService,
    private readonly writer: Writer,
    private readonly audit: AuditRepository,
    private readonly cursors: Cursors,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(HOST_RESOLVER) private readonly resolve: HostResolver,
  ) {
    const key = config.webhooks.secretsKey;
    this.box = key === undefined ? undefined : new SecretBox(key);
  }

  /** The secrets' box; as the cursors do, a missing key fails only what needs it. */
  private get secrets(): SecretBox {
    if (!this.box) throw new Error('WEBHOOK_SECRETS_KEY is not set: no webhook secret can be kept');
    return this.box;
  }

  /** `404` unless the account exists (staff's operations name it in the path). */
  async assertAccount(accountId: number): Promise<void> {
    if (!(await this.endpoints.accountExists(accountId)))
      throw ApiException.of(PROBLEMS.accountNotFound);
  }

  /** A page of the account's endpoints, disabled ones included, in ascending id. */
  page(accountId: number, query: ListKeysQuery): Promise<Page<WebhookEndpoint>> {
    const list = {
      kind: 'w1',
      scope: String(accountId),
      otherScope: "belongs to another account's webhook endpoints",
    };
    return scopedPage(this.cursors, list, query, async (afterId, take) =>
      (await this.endpoints.page(accountId, afterId ?? 0, take)).map((row) => this.view(row)),
    );
  }

  /** The account's endpoint (`404` for another account's, or one deleted). */
  async get(accountId: number, id: number): Promise<WebhookEndpoint> {
    const endpoint = await this.endpoints.find(accountId, id);
    if (!endpoint) throw notFound();
    return this.view(endpoint);
  }

  /**
   * Makes an endpoint for the account, with a new secret shown this once, unless the account has
   * WEBHOOK_ENDPOINTS_MAX already; once per the caller's `Idempotency-Key`: the same request again
   * gets the first answer, secret included (stored sealed, never in clear).
   */
  async create(
    principal: Principal,
    accountId: number,
    { url, events }: NewWebhookEndpoint,
    idempotencyKey: string | undefined,
  ): Promise<CreatedWebhookEndpoint> {
    const request = ['createWebhookEndpoint', accountId, url, events];
    const earlier = await this.idempotency.earlier<Made>(
      principal.accountId,
      idempotencyKey,
      request,
    );
    if (earlier) return this.withSecret(earlier);
    await this.assertUrl(url);
    const { secret, prefix } = generateSecret();
    const made = await this.idempotency.once(
      principal.accountId,
      idempotencyKey,
      request,
      async (tx): Promise<Made> => {
        // One create per account at a time, on every instance: the count stays true until the
        // insert commits.
        await tx.lockRow('accounts', accountId);
        if ((await this.endpoints.count(tx, accountId)) >= WEBHOOK_ENDPOINTS_MAX)
          throw ApiException.of(PROBLEMS.tooManyWebhookEndpoints);
        await this.deliveries.passUnheard(tx);
        const now = this.clock.now();
        const record = {
          accountId,
          url,
          events,
          status: 'enabled',
          disabledReason: null,
          secretCiphertext: this.secrets.seal(secret),
          secretPrefix: prefix,
          previousSecretCiphertext: null,
          previousSecretExpiresAt: null,
          createdAt: now,
        } as const;
        const id = await this.endpoints.insert(tx, record);
        // Where it sends and what; never the secret.
        await this.audit.record(tx, now, {
          actor: actorOf(principal),
          action: 'webhook.created',
          target: { type: 'webhook', id },
          changes: {
            accountId: [null, accountId],
            url: [null, url],
            events: [null, events],
            status: [null, 'enabled'],
          },
        });
        return {
          endpoint: this.view({ id, ...record, events: [...events] }),
          sealedSecret: record.secretCiphertext,
        };
      },
    );
    return this.withSecret(made);
  }

  /**
   * Applies a merge patch of the URL (checked as at creation), the event types and the status, in
   * one transaction: disabling records why (`requested`), enabling clears why; what the endpoint
   * already has changes nothing and records nothing.
   */
  async update(
    principal: Principal,
    accountId: number,
    id: number,
    patch: WebhookEndpointPatch,
  ): Promise<WebhookEndpoint> {
    if (patch.url !== undefined) await this.assertUrl(patch.url);
    return this.writer.transaction(async (tx) => {
      await tx.lockRow('webhook_endpoints', id);
      const before = await this.endpoints.findIn(tx, accountId, id);
      if (!before) throw notFound();
      const status = patch.status ?? before.status;
      const after: EndpointRecord = {
        ...before,
        url: patch.url ?? before.url,
        events: patch.events ?? before.events,
        status,
        disabledReason:
          status === 'enabled'
            ? null
            : before.status === 'disabled'
              ? before.disabledReason
              : 'requested',
      };
      const changes = changesBetween(before, after);
      if (Object.keys(changes).length === 0) return this.view(before);
      if (status === 'enabled' && before.status !== 'enabled')
        await this.deliveries.passUnheard(tx);
      await this.endpoints.update(tx, after);
      await this.audit.record(tx, this.clock.now(), {
        actor: actorOf(principal),
        action: 'webhook.updated',
        target: { type: 'webhook', id },
        changes,
      });
      return this.view(after);
    });
  }

  /** Deletes the endpoint for good: nothing more is sent to it, and its secrets are forgotten. */
  async remove(principal: Principal, accountId: number, id: number): Promise<void> {
    await this.writer.transaction(async (tx) => {
      await tx.lockRow('webhook_endpoints', id);
      const before = await this.endpoints.findIn(tx, accountId, id);
      if (!before) throw notFound();
      const now = this.clock.now();
      await this.endpoints.remove(tx, id, now);
      await this.audit.record(tx, now, {
        actor: actorOf(principal),
        action: 'webhook.deleted',
        target: { type: 'webhook', id },
        changes: { deletedAt: [null, iso(now)] },
      });
    });
  }

  /**
   * A new secret for the endpoint, shown this once; the current one keeps signing beside it for
   * PREVIOUS_SECRET_HOURS, and one rolled out before stops at once.
   */
  async roll(principal: Principal, accountId: number, id: number): Promise<RolledWebhookSecret> {
    const { secret, prefix } = generateSecret();
    return this.writer.transaction(async (tx) => {
      await tx.lockRow('webhook_endpoints', id);
      const before = await this.endpoints.findIn(tx, accountId, id);
      if (!before) throw notFound();
      const now = this.clock.now();
      const expiresAt = now + PREVIOUS_SECRET_MS;
      await this.endpoints.roll(tx, {
        id,
        secretCiphertext: this.secrets.seal(secret),
        secretPrefix: prefix,
        previousSecretCiphertext: before.secretCiphertext,
        previousSecretExpiresAt: expiresAt,
      });
      // Which secret is current, by its prefix; never a secret.
      await this.audit.record(tx, now, {
        actor: actorOf(principal),
        action: 'webhook.secret_rolled',
        target: { type: 'webhook', id },
        changes: {
          secretPrefix: [before.secretPrefix, prefix],
          previousSecretExpiresAt: [this.previousExpiry(before), iso(expiresAt)],
        },
      });
      return { secret, previousSecretExpiresAt: iso(expiresAt) };
    });
  }

  /** `400 invalid_body` on `url` unless events may be sent there (`address-policy.ts`). */
  private async assertUrl(url: string): Promise<void> {
    const verdict = await checkWebhookUrl(url, this.resolve, this.config.webhooks.allowPrivate);
    if (verdict.allowed) return;
    const details = [{ field: 'url', issue: verdict.issue }];
    throw ApiException.of(PROBLEMS.invalidBody(describeDetails(details)), details);
  }

  private withSecret({ endpoint, sealedSecret }: Made): CreatedWebhookEndpoint {
    return { ...endpoint, secret: this.secrets.open(sealedSecret) };
  }

  /** When the previous secret stops signing, while it still does. */
  private previousExpiry(endpoint: EndpointRecord): string | null {
    const expiresAt = endpoint.previousSecretExpiresAt;
    return expiresAt !== null && expiresAt > this.clock.now() ? iso(expiresAt) : null;
  }

  private view(endpoint: EndpointRecord): WebhookEndpoint {
    return {
      id: endpoint.id,
      accountId: endpoint.accountId,
      url: endpoint.url,
      events: endpoint.events,
      status: endpoint.status,
      disabledReason: endpoint.disabledReason,
      createdAt: iso(endpoint.createdAt),
      secretPrefix: endpoint.secretPrefix,
      previousSecretExpiresAt: this.previousExpiry(endpoint),
    };
  }
}

/** Each field a patch changed, `[before, after]`. */
function changesBetween(before: EndpointRecord, after: EndpointRecord): Changes {
  const changes: Record<string, readonly [unknown, unknown]> = {};
  if (after.url !== before.url) changes['url'] = [before.url, after.url];
  if (after.events.join() !== before.events.join())
    changes['events'] = [before.events, after.events];
  if (after.status !== before.status) changes['status'] = [before.status, after.status];
  if (after.disabledReason !== before.disabledReason)
    changes['disabledReason'] = [before.disabledReason, after.disabledReason];
  return changes;
}
