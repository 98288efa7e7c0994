/**
 * The Activity page's view (kind of change, one thing of that kind, page) read from and written to
 * its address.
 */
import { AuditTargetType, isIdText } from '@pets/contract';
import { cursorParam } from '../../../lib/paging.js';

/** What the Activity page shows; it lives in the address, so a link reproduces the view. */
export interface ActivityView {
  targetType: AuditTargetType | undefined;
  /** One thing's events (a pet's, linked from its order): only with `targetType`. */
  targetId?: number | undefined;
  cursor: string | undefined;
}

/** Reads `?targetType=pet&targetId=12&cursor=…`; anything unknown falls back to all events. */
export function parseActivitySearch(search: string): ActivityView {
  const params = new URLSearchParams(search);
  const targetType = AuditTargetType.safeParse(params.get('targetType'));
  const targetId = params.get('targetId') ?? '';
  return {
    targetType: targetType.success ? targetType.data : undefined,
    ...(targetType.success && isIdText(targetId) ? { targetId: Number(targetId) } : {}),
    cursor: cursorParam(params.get('cursor')),
  };
}

export function activityPath({ targetType, targetId, cursor }: ActivityView): string {
  const params = new URLSearchParams();
  if (targetType !== undefined) params.set('targetType', targetType);
  if (targetType !== undefined && targetId !== undefined) params.set('targetId', String(targetId));
  if (cursor !== undefined) params.set('cursor', cursor);
  const search = params.toString();
  return search ? `/activity?${search}` : '/activity';
}
