/**
 * The audit trail in the contract: what happened (the actions), to what (the targets), by whom,
 * the changes an event records, and the filters of its list.
 */
import { z } from 'zod';
import { documentedAs } from './documented.js';
import { expandParam } from './expand.schema.js';
import { CursorParam, LimitParam, QueryId } from './list-query.schema.js';
import { MAX_ID } from './pet.schema.js';
import { expected } from './text.schema.js';

export const AuditAction = z
  .enum([
    'pet.created',
    'pet.updated',
    'pet.deleted',
    'pet.profile_updated',
    'photo.added',
    'photo.moved',
    'photo.removed',
    'key.created',
    'key.revoked',
    'account.created',
    'account.plan_changed',
    'person.invited',
    'person.joined',
    'person.password_reset',
    'person.password_changed',
    'person.deactivated',
    'person.reactivated',
    'invitation.revoked',
    'person.signed_in',
    'person.sign_in_failed',
    'person.password_removed',
    'passkey.added',
    'passkey.removed',
    'session.ended',
    'category.created',
    'category.renamed',
    'category.archived',
    'category.restored',
    'order.placed',
    'order.approved',
    'order.delivered',
    'order.cancelled',
    'webhook.created',
    'webhook.updated',
    'webhook.secret_rolled',
    'webhook.deleted',
    'webhook.delivery_resent',
    'webhook.test_sent',
  ])
  .meta({ id: 'AuditAction', description: 'What happened.' });
export type AuditAction = z.infer<typeof AuditAction>;

const TARGET_TYPES = [
  'pet',
  'key',
  'account',
  'person',
  'session',
  'category',
  'order',
  'passkey',
  'webhook',
] as const;
export const AuditTargetType = z
  .enum(TARGET_TYPES, { error: expected(`one of ${TARGET_TYPES.join(', ')}`) })
  .meta({ id: 'AuditTargetType', description: 'What kind of thing changed.' });
export type AuditTargetType = z.infer<typeof AuditTargetType>;

const id = z.int().min(1).max(MAX_ID).meta({ format: 'int64' });

/** What an event can expand (`expand=actor,target`). */
export const AUDIT_EXPANSIONS = ['actor', 'target'] as const;
export type AuditExpansion = (typeof AUDIT_EXPANSIONS)[number];

const accountName = z
  .string()
  .optional()
  .meta({ description: "With `expand=actor` only: the account's name, as it is now." });

export const AuditEvent = z
  .strictObject({
    id: id.meta({ description: 'Increasing in the order events happened.' }),
    at: z.iso.datetime().meta({ description: 'When, in UTC.' }),
    actor: z
      .union([
        z.strictObject({
          accountId: id.meta({ description: 'The account whose key made the change.' }),
          keyId: id.meta({ description: 'The key that made it.' }),
          accountName,
          name: z
            .string()
            .optional()
            .meta({ description: "With `expand=actor` only: the key's label." }),
        }),
        z.strictObject({
          accountId: id.meta({ description: 'The account of the person who made the change.' }),
          personId: id.meta({ description: 'The person, signed in, who made it.' }),
          accountName,
          name: z
            .string()
            .optional()
            .meta({ description: "With `expand=actor` only: the person's name, as it is now." }),
        }),
        z.literal('cli').meta({ description: 'The command-line tool on the server.' }),
        z
          .literal('anonymous')
          .meta({ description: 'Someone not signed in: a failed sign-in to the target person.' }),
      ])
      .meta({ description: 'Who made the change.' }),
    action: AuditAction,
    target: z
      .strictObject({
        type: AuditTargetType,
        id,
        name: z.string().nullable().optional().meta({
          description:
            "With `expand=target` only: its name as it is now (a pet's, a category's, an account's, a person's, a passkey's; a key's label); `null` for an order, a session or a webhook endpoint, which have none, and for a passkey removed since.",
        }),
      })
      .meta({ description: 'What changed.' }),
    changes: z
      .record(z.string(), z.array(z.unknown()).length(2).meta({ description: '[before, after]' }))
      .meta({
        description:
          'Each changed field with its value before and after (`null` where there was none). Keys and their hashes never appear.',
      }),
  })
  .meta({
    id: 'AuditEvent',
    description:
      'One change, recorded with it. With `expand`, the actor and the target also carry their names.',
  });
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditEvents = z
  .array(AuditEvent)
  .meta({ id: 'AuditEvents', description: 'A page of events, newest first.' });

/** The query string of `listAudit`: unknown and repeated parameters are refused. */
export const ListAuditQuery = z.strictObject(
  {
    targetType: documentedAs(
      z
        .string({
          error: (issue) => (Array.isArray(issue.input) ? 'must be given once' : undefined),
        })
        .pipe(AuditTargetType)
        .optional()
        .meta({ description: 'Only events about this kind of thing.' }),
      'targetType',
      { $ref: '#/components/schemas/AuditTargetType' },
    ),
    targetId: documentedAs(QueryId('Only events about the thing with this id.'), 'targetId', {
      type: 'integer',
      format: 'int64',
      minimum: 1,
      maximum: MAX_ID,
    }),
    actorAccountId: documentedAs(
      QueryId("Only events made with this account's keys."),
      'actorAccountId',
      { type: 'integer', format: 'int64', minimum: 1, maximum: MAX_ID },
    ),
    expand: expandParam(
      AUDIT_EXPANSIONS,
      'auditExpand',
      "`actor` adds `accountName` and `name` (the person's name or the key's label) to an actor that is an account's; `target` adds `target.name`. Comma-separated, each at most once (`expand=actor,target`), in the same request. Without it each event is as it was recorded.",
    ),
    limit: LimitParam,
    cursor: CursorParam,
  },
  { error: 'must be a query string' },
);
export type ListAuditQuery = z.output<typeof ListAuditQuery>;
export type ListAuditQueryInput = {
  targetType?: AuditTargetType;
  targetId?: number;
  actorAccountId?: number;
  /** Sent comma-separated. */
  expand?: readonly AuditExpansion[];
  limit?: number;
  cursor?: string;
};
