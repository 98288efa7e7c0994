import type { ListAuditQueryInput, PetstoreClient } from '@pets/client';
import { queryOptions } from '@tanstack/react-query';

export const auditQueryKeys = {
  all: ['audit'] as const,
  list: (query: ListAuditQueryInput) => ['audit', 'list', query] as const,
};

export const listAuditQueryOptions = (client: PetstoreClient, query: ListAuditQueryInput) =>
  queryOptions({
    queryKey: auditQueryKeys.list(query),
    queryFn: ({ signal }) => client.admin.listAudit(query, { signal }),
  });
