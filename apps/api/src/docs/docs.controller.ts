/** The API's reference: the OpenAPI document at /v1/openapi.json and Scalar's reader of it at /docs. */
import { Controller, Get, Header } from '@nestjs/common';
import { Operation } from '../gate/operation.decorator.js';
import { Public } from '../gate/public.decorator.js';
import { DocsService } from './docs.service.js';

const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

@Controller()
@Public()
export class DocsController {
  constructor(private readonly docs: DocsService) {}

  @Operation('getOpenApiDocument')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  openApi(): string {
    return this.docs.openApiJson;
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  // Scalar adds its styles as it renders: the reference page alone allows inline styles.
  @Header('Content-Security-Policy', DOCS_CSP)
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
