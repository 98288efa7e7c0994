/** GET /v1/pets for callers with a key: the first `limit` pets. */
import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ListPetsQuery } from './list-pets.dto.js';
import type { Pet } from './pet.entity.js';
import { PetsService } from './pets.service.js';

@UseGuards(AuthGuard('bearer'))
@Controller('v1/pets')
export class PetsController {
  constructor(private readonly pets: PetsService) {}

  @Get()
  list(@Query() query: ListPetsQuery): Promise<Pet[]> {
    return this.pets.findAll(query.limit);
  }
}
