/**
 * Passport's bearer strategy the way NestJS's authentication chapter writes a strategy: `validate`
 * gets the token and looks the key up through the repository.
 */
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { InjectRepository } from '@nestjs/typeorm';
import { Strategy } from 'passport-http-bearer';
import { Repository } from 'typeorm';
import { ApiKey } from './api-key.entity.js';

@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy) {
  constructor(@InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>) {
    super();
  }

  async validate(token: string): Promise<ApiKey> {
    const key = await this.keys.findOneBy({ token });
    if (!key) throw new UnauthorizedException();
    return key;
  }
}
