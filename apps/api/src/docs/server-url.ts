/** The address the served OpenAPI document gives as its server, which generators take as the base. */
import type { AppConfig } from '../config/config.js';

/** Addresses that mean "every interface": the API is reached on this machine as `localhost`. */
const EVERY_INTERFACE = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * `PUBLIC_URL` followed by `/v1` when it is set (what partners use, as `Location` and `Link` say),
 * otherwise the address the API listens on: `http://localhost:3000/v1` with the defaults.
 */
export function serverUrlOf(config: Pick<AppConfig, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl !== undefined) return `${config.publicUrl}/v1`;
  const host = EVERY_INTERFACE.has(config.host)
    ? 'localhost'
    : config.host.includes(':') && !config.host.startsWith('[')
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${config.port}/v1`;
}
