/** The pets, read through their TypeORM repository. */
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Pet } from './pet.entity.js';

@Injectable()
export class PetsService {
  constructor(@InjectRepository(Pet) private readonly pets: Repository<Pet>) {}

  findAll(limit: number): Promise<Pet[]> {
    return this.pets.find({ take: limit, order: { id: 'ASC' } });
  }
}
