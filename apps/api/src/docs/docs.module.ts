/** The API reference as a NestJS module: the OpenAPI document and its reference page. */
import { Module } from '@nestjs/common';
import { DocsController } from './docs.controller.js';
import { DocsService } from './docs.service.js';

@Module({
  controllers: [DocsController],
  providers: [DocsService],
})
export class DocsModule {}
