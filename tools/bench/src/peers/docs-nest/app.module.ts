/**
 * The docs peer's root module: TypeORM on a SQLite file, the throttler as a global guard (with a
 * limit no bench reaches), authentication and the pets.
 */
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKey } from './api-key.entity.js';
import { AuthModule } from './auth.module.js';
import { Pet } from './pet.entity.js';
import { PetsModule } from './pets.module.js';

@Module({})
export class AppModule {
  /** The module on the SQLite file `database`. */
  static forDatabase(database: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot({
          type: 'better-sqlite3',
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
