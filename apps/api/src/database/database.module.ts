/**
 * The database module: TypeORM's DataSource, the reads (`Database`) and the writes (`Writer`) for
 * the engine `DATABASE_URL` names, and the readiness check.
 */
import { Global, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { createDatabase, Database } from './database.js';
import { dataSourceOptions, openDataSource } from './data-source.js';
import { DatabaseHealth } from './database.health.js';
import { ownerOnlySqlite } from './sqlite-files.js';
import { PageVersion } from '../paging/page-version.js';
import { createWriter, Writer } from './writer.js';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        // Before TypeORM opens (or makes) the file: owner only, whatever the umask (docs/operators/configuration.md).
        if (config.database.kind === 'sqlite') {
          const tightened = ownerOnlySqlite(config.database.file);
          if (tightened.length > 0)
            new Logger('Database').warn(
              `the data directory and database files were readable by others; readable by their owner only now: ${tightened.join(', ')}`,
            );
        }
        return { ...dataSourceOptions(config.database), retryAttempts: 2, retryDelay: 1_000 };
      },
      // Instances started together take turns at the migrations (openDataSource).
      dataSourceFactory: (options) => {
        if (options === undefined) throw new Error('TypeORM was given no options');
        return openDataSource(options);
      },
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
