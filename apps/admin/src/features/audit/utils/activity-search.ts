/** The Activity page's view (kind of change, page) read from and written to its address. */
import { AuditTargetType } from '@pets/contract';
import { cursorParam } from '../../../lib/paging.js';

/** What the Activity page shows; it lives in the address, so a link reproduces the view. */
export interface ActivityView {
  targetType: AuditTargetType | undefined;
  cursor: string | undefined;
}

/** Reads `?targetType=pet&cursor=…`; anything unknown falls back to all events. */
export function parseActivitySearch(search: string): ActivityView {
  const params = new URLSearchParams(search);
  const targetType = AuditTargetType.safeParse(params.get('targetType'));
  return {
    targetType: targetType.success ? targetType.data : undefined,
    cursor: cursorParam(params.get('cursor')),
  };
}

export function activityPath({ targetType, cursor }: ActivityView): string {
  const params = new URLSearchParams();
  if (targetType !== undefined) params.set('targetType', targetType);
  if (cursor !== undefined) params.set('cursor', cursor);
  const search = params.toString();
  return search ? `/activity?${search}` : '/activity';
}
