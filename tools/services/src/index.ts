export { freePort } from './free-port.js';
export { startPostgres, type PostgresServer } from './postgres.js';
export { startRedis, type RedisServer } from './redis.js';
