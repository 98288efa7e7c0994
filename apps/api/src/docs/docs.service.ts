/**
 * What the reference serves, each made once: the page and its script at start, the OpenAPI document
 * on its first request (some 0.1 s of CPU an instance no one reads the document from never spends).
 */
import { Inject, Injectable } from '@nestjs/common';
import { createOpenApiDocument } from '@pets/contract';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { serverUrlOf } from './server-url.js';

/**
 * Scalar's settings. Everything that would reach Scalar's own servers is off: its fonts, telemetry,
 * the AI agent, MCP and the request client (the page's `connect-src 'self'` would refuse them
 * anyway). Only the document's own code samples (`x-codeSamples`: curl, TypeScript with the
 * client, Python) are offered, and every tag is open, so the first operation is on the first screen.
 */
const REFERENCE_SETTINGS = {
  url: '/v1/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  hideClientButton: true,
  hideTestRequestButton: true,
  hiddenClients: true,
  defaultOpenAllTags: true,
  documentDownloadType: 'json',
  // Less room around each section, and no list of a tag's operations beside its description (the
  // sidebar has it): the first operation starts within a 1280 × 800 screen.
  customCss: [
    '.references-rendered .section { padding-top: 32px; padding-bottom: 32px; }',
    '.tag-section-container > section > .section-content .section-column:nth-child(2) { display: none; }',
  ].join('\n'),
};

@Injectable()
export class DocsService {
  #openApiJson: string | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get openApiJson(): string {
    this.#openApiJson ??= JSON.stringify(
      createOpenApiDocument({ serverUrl: serverUrlOf(this.config) }),
    );
    return this.#openApiJson;
  }

  readonly page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Pet Store API reference</title>
  <link rel="icon" href="data:,">
</head>
<body>
  <noscript>The reference needs JavaScript. The OpenAPI document is at /v1/openapi.json.</noscript>
  <div id="reference"></div>
  <script src="/docs/assets/standalone.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

  readonly initScript = `Scalar.createApiReference('#reference', ${JSON.stringify(REFERENCE_SETTINGS, null, 2)});\n`;
}
