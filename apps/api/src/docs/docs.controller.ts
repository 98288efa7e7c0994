import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '../common/public.decorator.js';
import { DocsService } from './docs.service.js';

@Controller()
@Public()
export class DocsController {
  constructor(private readonly docs: DocsService) {}

  @Get('v1/openapi.json')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  openApi(): string {
    return this.docs.openApiJson;
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  page(): string {
    return this.docs.page;
  }

  @Get('docs/init.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  init(): string {
    return this.docs.initScript;
  }
}
