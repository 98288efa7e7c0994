/**
 * TypeORM's DataSource for either engine: the migrations run at start, SQLite's file and pragmas,
 * and PostgreSQL's pool with clients that survive a connection the server ends.
 */
import pg from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/config.js';
import { InitialSchema1767225600000 } from './migrations/1767225600000-initial-schema.js';
import { GenericIdempotencyKeys1795305600000 } from './migrations/1795305600000-generic-idempotency-keys.js';
import { ManagePets1795305700000 } from './migrations/1795305700000-manage-pets.js';
import { PetsOwnerIndex1795305800000 } from './migrations/1795305800000-pets-owner-index.js';
import { ListOrder1795305900000 } from './migrations/1795305900000-list-order.js';
import { People1795306000000 } from './migrations/1795306000000-people.js';
import { Categories1795306100000 } from './migrations/1795306100000-categories.js';
import { StoreOrders1795306200000 } from './migrations/1795306200000-store-orders.js';
import { Passkeys1795306300000 } from './migrations/1795306300000-passkeys.js';
import { CategoryNameKeys1795306400000 } from './migrations/1795306400000-category-name-keys.js';
import { KeyMakers1795306500000 } from './migrations/1795306500000-key-makers.js';
import { EnterpriseOpenOrders1795306600000 } from './migrations/1795306600000-enterprise-open-orders.js';
import { PetSearch1795306700000 } from './migrations/1795306700000-pet-search.js';
import { OrdersStatusUpdatedAt1795306800000 } from './migrations/1795306800000-orders-status-updated-at.js';
import { PetRenames1795306900000 } from './migrations/1795306900000-pet-renames.js';
import { PetPhotos1795307000000 } from './migrations/1795307000000-pet-photos.js';
import { Events1795307100000 } from './migrations/1795307100000-events.js';
import { WebhookEndpoints1795307200000 } from './migrations/1795307200000-webhook-endpoints.js';
import { WebhookDeliveries1795307300000 } from './migrations/1795307300000-webhook-deliveries.js';
import {
  setPragmas,
  SQLITE_BUSY_TIMEOUT_MS,
  SQLITE_WRITE_PRAGMAS,
  type SqliteHandle,
} from './sqlite-connection.js';
import { sqliteModule } from './sqlite-driver.js';

export const MIGRATIONS = [
  InitialSchema1767225600000,
  GenericIdempotencyKeys1795305600000,
  ManagePets1795305700000,
  PetsOwnerIndex1795305800000,
  ListOrder1795305900000,
  People1795306000000,
  Categories1795306100000,
  StoreOrders1795306200000,
  Passkeys1795306300000,
  CategoryNameKeys1795306400000,
  KeyMakers1795306500000,
  EnterpriseOpenOrders1795306600000,
  PetSearch1795306700000,
  OrdersStatusUpdatedAt1795306800000,
  PetRenames1795306900000,
  PetPhotos1795307000000,
  Events1795307100000,
  WebhookEndpoints1795307200000,
  WebhookDeliveries1795307300000,
];

/**
 * A pooled PostgreSQL client that always listens for its own 'error' event. pg-pool takes its
 * listener off a client when it hands it out, and TypeORM adds its own only a microtask later; when
 * the server ends a new connection at once (ReadyForQuery and the FATAL message arrive in one read),
 * the error came in that gap as an unhandled 'error' event and ended the process. Nothing is lost by
 * listening: the client stops taking queries, the next query on it fails as "not queryable" (a 503
 * to the caller), and the pool drops it when it is released. It also reads bigint as a number.
 */
export class ListeningPgClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(
      typeof config === 'string'
        ? { connectionString: config, types: INT8_AS_NUMBER }
        : { ...config, types: INT8_AS_NUMBER },
    );
    this.on('error', ignore);
  }
}

const ignore = () => undefined;

/**
 * bigint (ids, Unix-millisecond times, counts) read as a number, as SQLite gives it: every such
 * value here is at most 2^53 - 1, so nothing is rounded.
 */
const INT8_AS_NUMBER: pg.CustomTypesConfig = {
  getTypeParser: (id, format) =>
    id === pg.types.builtins.INT8 ? Number : (pg.types.getTypeParser(id, format) as unknown),
};

/** The same migrations on either engine, run at start; never `synchronize`. */
export function dataSourceOptions(database: AppConfig['database']): DataSourceOptions {
  const common = {
    migrations: MIGRATIONS,
    migrationsRun: true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
  } as const;
  if (database.kind === 'sqlite') {
    return {
      ...common,
      type: 'better-sqlite3',
      driver: sqliteModule(),
      database: database.file,
      timeout: SQLITE_BUSY_TIMEOUT_MS,
      // The same pragmas as the writer's connection (journal_mode = WAL among them).
      prepareDatabase: (db: SqliteHandle) => {
        setPragmas(db, SQLITE_WRITE_PRAGMAS);
      },
    };
  }
  return {
    ...common,
    type: 'postgres',
    url: database.url,
    extra: {
      Client: ListeningPgClient,
      max: 20,
      connectionTimeoutMillis: 5_000,
      query_timeout: 10_000,
      idleTimeoutMillis: 30_000,
    },
  };
}

/**
 * Opens the DataSource, which runs the migrations. Instances started together on PostgreSQL take
 * turns, under a session-level advisory lock held on a connection of its own (released when that
 * connection ends, even if the process dies): without it, two would create the same table at once
 * and one would fail to start. SQLite serves one instance, whose migrations run alone.
 */
export async function openDataSource(options: DataSourceOptions): Promise<DataSource> {
  if (options.type !== 'postgres' || options.url === undefined) {
    return new DataSource(options).initialize();
  }
  const lock = new ListeningPgClient(options.url);
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    return await new DataSource(options).initialize();
  } finally {
    await lock.end();
  }
}

/** The advisory lock's key: any number other locks of this database do not use. */
const MIGRATIONS_LOCK = 7_415_620_331;
