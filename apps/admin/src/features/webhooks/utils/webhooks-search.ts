/**
 * The webhooks section's view in the address, beside the other lists of its page (an account's
 * keys and people): the page of endpoints, the endpoint open, and the page of its attempts log.
 */
import { isIdText } from '@pets/contract';

/** The page of endpoints shown: `?webhooks=<cursor>`. */
export const WEBHOOKS_PARAM = 'webhooks';
/** The endpoint open below the list: `?endpoint=<id>`. */
export const ENDPOINT_PARAM = 'endpoint';
/** The page of the open endpoint's attempts log: `?attempts=<cursor>`. */
export const ATTEMPTS_PARAM = 'attempts';

/** The endpoint the address opens, or none (when it names none, or nothing that can be an id). */
export function openEndpointOf(search: string): number | undefined {
  const id = new URLSearchParams(search).get(ENDPOINT_PARAM);
  return id !== null && isIdText(id) ? Number(id) : undefined;
}

/**
 * The search with `endpointId` open (none: closed), the other lists' params kept as they are. The
 * log's page belongs to the endpoint that was open, so it goes.
 */
export function withOpenEndpoint(search: string, endpointId: number | undefined): string {
  const params = new URLSearchParams(search);
  if (endpointId === undefined) params.delete(ENDPOINT_PARAM);
  else params.set(ENDPOINT_PARAM, String(endpointId));
  params.delete(ATTEMPTS_PARAM);
  return params.toString();
}
