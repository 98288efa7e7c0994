/** Authentication: passport with the bearer strategy over the API keys' table. */
import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKey } from './api-key.entity.js';
import { BearerStrategy } from './bearer.strategy.js';

@Module({
  imports: [PassportModule, TypeOrmModule.forFeature([ApiKey])],
  providers: [BearerStrategy],
})
export class AuthModule {}
