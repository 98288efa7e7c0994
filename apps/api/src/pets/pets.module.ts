/**
 * The pets feature as a NestJS module: the endpoints, services and tables of pets, their
 * categories, profiles and photos; a pet's open order (store orders) is asked of the orders module.
 */
import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { CategoriesController } from '../categories/categories.controller.js';
import { CategoriesRepository } from '../categories/categories.repository.js';
import { CategoriesService } from '../categories/categories.service.js';
import { PetsBatchController } from './pets-batch.controller.js';
import { PetsBatchService } from './pets-batch.service.js';
import { PetsController } from './pets.controller.js';
import { PetsRepository } from './pets.repository.js';
import { PetsService } from './pets.service.js';
import { ImageProcessor } from '../photos/images.js';
import { PetPhotosController } from '../photos/pet-photos.controller.js';
import { PetPhotosService } from '../photos/pet-photos.service.js';
import { PhotoFiles } from '../photos/photo-files.js';
import { PhotoFilesController } from '../photos/photo-files.controller.js';
import { PhotosRepository } from '../photos/photos.repository.js';

@Module({
  imports: [IdempotencyModule, AuditModule, OrdersModule],
  controllers: [
    PetsController,
    PetsBatchController,
    CategoriesController,
    PetPhotosController,
    PhotoFilesController,
  ],
  providers: [
    PetsRepository,
    PetsService,
    PetsBatchService,
    CategoriesRepository,
    CategoriesService,
    PhotosRepository,
    PetPhotosService,
    PhotoFiles,
    // One for the process: it bounds how many images are made at once.
    { provide: ImageProcessor, useValue: new ImageProcessor() },
  ],
})
export class PetsModule {}
