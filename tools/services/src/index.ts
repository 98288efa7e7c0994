/**
 * The services tests and tools start for real: PostgreSQL, Redis, Prometheus, Chromium, an OpenID
 * Connect provider and the built API, and the waits around the rate-limit minute.
 */
export { freePort } from './free-port.js';
export { startPostgres, type PostgresOptions, type PostgresServer } from './postgres.js';
export { startRedis, type RedisServer } from './redis.js';
export {
  startPrometheus,
  type PrometheusOptions,
  type PrometheusQueryData,
  type PrometheusSample,
  type PrometheusServer,
  type PrometheusTarget,
} from './prometheus.js';
export {
  API_DIST,
  API_MAIN,
  KEYS_CLI,
  createAccountKey,
  inviteWithCli,
  keysCli,
  runServer,
  startServer,
  type ServerProcess,
} from './api-process.js';
export { CHROMIUM_ARGS, chromiumPath } from './chromium.js';
export { awayFromMinuteEdge, nextMinute } from './minute-edge.js';
export {
  startOidcProvider,
  type OidcProviderOptions,
  type OidcProviderServer,
  type OidcUser,
} from './oidc-provider.js';
export { type CredentialJSON, SoftAuthenticator, type Twist } from './soft-authenticator.js';
