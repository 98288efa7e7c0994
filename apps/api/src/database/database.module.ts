/**
 * The database module: TypeORM's DataSource, the reads (`Database`) and the writes (`Writer`) for
 * the engine `DATABASE_URL` names, and the readiness check.
 */
import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { createDatabase, Database } from './database.js';
import { dataSourceOptions } from './data-source.js';
import { DatabaseHealth } from './database.health.js';
import { PageVersion } from '../common/page-version.js';
import { createWriter, Writer } from './writer.js';

/** TypeORM's DataSource (migrations at start, PostgreSQL's pool), the reads and the writes. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config.database),
        retryAttempts: 2,
        retryDelay: 1_000,
      }),
    }),
  ],
  providers: [
    DatabaseHealth,
    PageVersion,
    { provide: Database, inject: [DataSource, PageVersion], useFactory: createDatabase },
    { provide: Writer, inject: [DataSource, PageVersion], useFactory: createWriter },
  ],
  exports: [DatabaseHealth, Database, Writer, PageVersion],
})
export class DatabaseModule {}
