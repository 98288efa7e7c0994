import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { dataSourceOptions } from './data-source.js';
import { DatabaseHealth } from './database.health.js';
import { createWriter, Writer } from './writer.js';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config.database),
        // Each feature module registers its own entities (TypeOrmModule.forFeature).
        autoLoadEntities: true,
        retryAttempts: 2,
        retryDelay: 1_000,
      }),
    }),
  ],
  providers: [DatabaseHealth, { provide: Writer, inject: [DataSource], useFactory: createWriter }],
  exports: [DatabaseHealth, Writer],
})
export class DatabaseModule {}
