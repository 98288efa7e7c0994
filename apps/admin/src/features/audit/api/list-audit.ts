/** One page of the audit trail (staff), under the query key every change marks stale. */
import type { ListAuditQueryInput, PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';
import { AUDIT_QUERY_ROOT } from '../../../lib/query-client.js';

export const auditQueryKeys = {
  all: [AUDIT_QUERY_ROOT] as const,
  list: (query: ListAuditQueryInput) => [AUDIT_QUERY_ROOT, 'list', query] as const,
};

export const listAuditQueryOptions = (client: PetstoreClient, query: ListAuditQueryInput) =>
  queryOptions({
    queryKey: auditQueryKeys.list(query),
    queryFn: ({ signal }) => client.admin.listAudit(query, { signal }),
  });
