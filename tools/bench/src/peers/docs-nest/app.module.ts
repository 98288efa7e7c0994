/**
 * The docs peer's root module: TypeORM on a SQLite file, the throttler as a global guard (with a
 * limit no bench reaches), authentication and the pets.
 */
import { createRequire } from 'node:module';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKey } from './api-key.entity.js';
import { AuthModule } from './auth.module.js';
import { Pet } from './pet.entity.js';
import { PetsModule } from './pets.module.js';

/**
 * better-sqlite3 as the API chooses it (apps/api/src/database/sqlite-driver.ts): 13, on Node-API,
 * where Node offers Node-API 10 (Node 22.14 and later), 12 before. 12's statements abort Node 24
 * when freed at exit (`Assertion failed: (env) != nullptr`), as the docs peer did in CI.
 */
const sqliteDriver: unknown = createRequire(import.meta.url)(
  Number(process.versions.napi) >= 10 ? 'better-sqlite3-node-api' : 'better-sqlite3',
);

@Module({})
export class AppModule {
  /** The module on the SQLite file `database`. */
  static forDatabase(database: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot({
          type: 'better-sqlite3',
          driver: sqliteDriver,
          database,
          entities: [Pet, ApiKey],
          synchronize: true,
        }),
        ThrottlerModule.forRoot([{ ttl: 60_000, limit: 1_000_000_000 }]),
        AuthModule,
        PetsModule,
      ],
      providers: [{ provide: APP_GUARD, useClass: ThrottlerGuard }],
    };
  }
}
