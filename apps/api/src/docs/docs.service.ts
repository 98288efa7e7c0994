/** What the reference serves, made once at start: the OpenAPI document, the page and its script. */
import { Inject, Injectable } from '@nestjs/common';
import {
  createOpenApiDocument,
  formatDay,
  GET_PET_DEPRECATED_AT,
  GET_PET_SUNSET_AT,
} from '@pets/contract';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { serverUrlOf } from './server-url.js';

/** The OpenAPI document and the reference page, rendered once at start. */
@Injectable()
export class DocsService {
  readonly openApiJson: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.openApiJson = JSON.stringify(createOpenApiDocument({ serverUrl: serverUrlOf(config) }));
  }

  readonly page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Pet Store API reference</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <style>
    body { margin: 0; font-family: system-ui, sans-serif; }
    .notice { max-width: 1460px; margin: 0 auto; padding: 12px 20px; box-sizing: border-box; }
    .notice h2 { font-size: 1rem; margin: 0 0 4px; }
    .notice p { margin: 0; }
  </style>
</head>
<body>
  <section id="deprecations" class="notice" aria-labelledby="deprecations-title">
    <h2 id="deprecations-title">Deprecations</h2>
    <p><code>GET /v1/pets/{petId}</code> (getPet) is deprecated since ${formatDay(GET_PET_DEPRECATED_AT)} and is removed on
    ${formatDay(GET_PET_SUNSET_AT)}; from then on it answers <code>410 gone</code>. Use <code>GET /v1/pets</code>
    with a <code>status</code> filter instead.</p>
  </section>
  <main id="reference"></main>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

  readonly initScript = `window.ui = SwaggerUIBundle({
  url: '/v1/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  validatorUrl: null,
  tryItOutEnabled: false,
  persistAuthorization: false,
});
`;
}
