/**
 * The Activity page's view (kind of change, one thing of that kind, the account that made it,
 * page) read from and written to its address.
 */
import { AuditTargetType, isIdText } from '@pets/contract';
import { cursorParam } from '../../../lib/paging.js';

/** What the Activity page shows; it lives in the address, so a link reproduces the view. */
export interface ActivityView {
  targetType: AuditTargetType | undefined;
  /** One thing's events (a pet's, linked from its order): only with `targetType`. */
  targetId?: number | undefined;
  /** Only the changes made by this account's people and keys (a partner's). */
  actorAccountId?: number | undefined;
  cursor: string | undefined;
}

/**
 * Reads `?targetType=pet&targetId=12&actorAccountId=4&cursor=…`; anything unknown falls back to
 * all events.
 */
export function parseActivitySearch(search: string): ActivityView {
  const params = new URLSearchParams(search);
  const targetType = AuditTargetType.safeParse(params.get('targetType'));
  const targetId = params.get('targetId') ?? '';
  const actorAccountId = params.get('actorAccountId') ?? '';
  return {
    targetType: targetType.success ? targetType.data : undefined,
    ...(targetType.success && isIdText(targetId) ? { targetId: Number(targetId) } : {}),
    ...(isIdText(actorAccountId) ? { actorAccountId: Number(actorAccountId) } : {}),
    cursor: cursorParam(params.get('cursor')),
  };
}

export function activityPath({
  targetType,
  targetId,
  actorAccountId,
  cursor,
}: ActivityView): string {
  const params = new URLSearchParams();
  if (targetType !== undefined) params.set('targetType', targetType);
  if (targetType !== undefined && targetId !== undefined) params.set('targetId', String(targetId));
  if (actorAccountId !== undefined) params.set('actorAccountId', String(actorAccountId));
  if (cursor !== undefined) params.set('cursor', cursor);
  const search = params.toString();
  return search ? `/activity?${search}` : '/activity';
}
