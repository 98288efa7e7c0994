/**
 * The whole API assembled on Fastify: the Nest modules, the request gate that checks every API
 * request before its body is read, the error answers, the per-request log line, the reference
 * pages and the connection limits and timeouts a slow or idle client meets.
 */
import 'reflect-metadata';
import { dirname, join } from 'node:path';
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
} from 'node:http';
import { createRequire } from 'node:module';
import fastifyStatic from '@fastify/static';
import type { CanActivate } from '@nestjs/common';
import { ModulesContainer, NestFactory, Reflector } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { BODY_LIMIT_BYTES, EXPOSED_HEADERS, HEADERS } from '@pets/contract';
import { type FastifyError, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Logger } from 'pino';
import { registerAdminApp } from './admin-app/admin-app.js';
import { API_GUARDS, AppModule, type AppOptions } from './app.module.js';
import { NestPinoLogger, requestLineWriter } from './logging/logger.js';
import { Metrics } from './metrics/metrics.js';
import { requestIdFor } from './logging/request-id.js';
import { securityHeaders } from './http/security-headers.js';
import { lazySerializers } from './http/lazy-serializers.js';
import type { AppConfig } from './config/config.js';
import { registerGetPetDeprecation } from './pets/get-pet-deprecation.js';
import {
  assertEveryRouteGated,
  expectsContinue,
  registerRequestGate,
  RequestGate,
} from './gate/request-gate.js';
import { routeLabel } from './gate/allowed-methods.js';
import { PlanThrottlerGuard } from './rate-limit/plan-throttler.guard.js';
import { sendError } from './errors/error-response.js';
import {
  baseUrlFor,
  checkFraming,
  clientErrorHandler,
  connectionCap,
  frameworkErrorFor,
  setCommonHeaders,
} from './http/http-edges.js';

/** A connection with no complete request this long after connecting (or its last answer) is closed. */
export const CONNECTION_IDLE_MS = 10_000;

/** Scalar's browser build, which the reference page at /docs loads (`/docs/assets/standalone.js`). */
const referenceAssetsDir = join(
  dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')),
  'browser',
);
/** The one file of that folder the page loads: its chunks and source maps are not served. */
const REFERENCE_ASSETS = new Set(['/standalone.js']);

/** The whole API, configured and ready to listen (or to take `inject` calls in tests). */
export async function createApp(
  config: AppConfig,
  logger: Logger,
  options: AppOptions = {},
): Promise<NestFastifyApplication> {
  const { trustProxy: trust } = config;
  // A hop count trusts that many proxies in front of us, as Express and Fastify define it.
  const trustProxy =
    typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
  const security = securityHeaders();
  const maxConnections = connectionCap(config.maxConnections);
  if (maxConnections < config.maxConnections)
    logger.warn(
      { maxConnections, configured: config.maxConnections },
      'MAX_CONNECTIONS lowered to what the open-files limit leaves (raise it with ulimit -n)',
    );
  // The gate every API request passes before its body is read; made once the app exists.
  const made: { gate?: RequestGate } = {};
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // One log line per request, written by the onResponse hook below.
    logController: new LogController({
      disableRequestLogging: true,
      requestIdLogLabel: 'requestId',
    }),
    genReqId: requestIdFor,
    schemaController: { compilersFactory: { buildSerializer: lazySerializers() } },
    trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // A slow or idle client cannot hold a connection for long: a complete request within 10 s of
    // connecting (or of the last answer), headers within 5 s, the whole request within 15 s, an
    // idle keep-alive connection for 5 s; Node checks them every second rather than every 30 s.
    keepAliveTimeout: 5_000,
    requestTimeout: 15_000,
    serverFactory: (handler: RequestListener) => {
      const server = createServer(
        {
          headersTimeout: 5_000,
          requestTimeout: 15_000,
          connectionsCheckingInterval: 1_000,
          // The Host header is checked by our own hook, so its refusal has the contract's shape.
          requireHostHeader: false,
          // A header sent twice is joined, not dropped: the hook refuses one that must come once.
          joinDuplicateHeaders: true,
        },
        handler,
      );
      // `Expect: 100-continue` is answered by the gate: 100 once the caller has passed, or the
      // final refusal without inviting the body (Node would invite every body at once).
      server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
        expectsContinue(request);
        handler(request, response);
      });
      // A socket silent for 10 s is closed (Fastify's connectionTimeout, which a custom server
      // factory skips).
      server.setTimeout(CONNECTION_IDLE_MS);
      server.maxConnections = maxConnections;
      return server;
    },
    // Malformed HTTP gets the contract's Error shape: from Node's parser, and from Fastify's router.
    clientErrorHandler: clientErrorHandler(security, logger, () => made.gate?.countAgainstAddress),
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      setCommonHeaders(request, reply, security);
      void reply.header('connection', 'close');
      refuseBeforeAuthentication(request, reply, frameworkErrorFor(error));
    },
    // While closing, requests on open connections are still served (then the connection closes).
    return503OnClosing: false,
    // `/v1/pets/` is `/v1/pets`: a trailing slash never leaves a request outside the guards.
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
  });

  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, options),
    adapter,
    {
      logger: new NestPinoLogger(logger),
      bufferLogs: false,
      // Bodies are read by our own parser below.
      bodyParser: false,
      abortOnError: false,
    },
  );

  const fastify = app.getHttpAdapter().getInstance();
  const gate = new RequestGate(
    API_GUARDS.map((guard) => app.get<CanActivate>(guard)),
    app.get(PlanThrottlerGuard),
    BODY_LIMIT_BYTES,
  );
  const refuseBeforeAuthentication = (
    request: FastifyRequest,
    reply: FastifyReply,
    error: unknown,
  ) =>
    void gate.refuseBeforeAuthentication(request, reply, error).then((answer) => {
      sendError(answer, request, reply);
    });

  fastify.decorateRequest('baseUrl', '');
  fastify.addHook('onRequest', (request, reply, done) => {
    setCommonHeaders(request, reply, security);
    try {
      checkFraming(request);
      request.baseUrl = baseUrlFor(request, config.publicUrl);
    } catch (error) {
      void reply.header('connection', 'close');
      refuseBeforeAuthentication(request, reply, error);
      return;
    }
    done();
  });

  const metrics = app.get(Metrics);
  fastify.decorate('metrics', metrics);
  const requestLine = requestLineWriter(logger);
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request.routeOptions.url);
    const elapsedMs = reply.elapsedTime;
    requestLine(request.id, {
      method: request.method,
      route: route ?? null,
      status: reply.statusCode,
      latencyMs: Math.round(elapsedMs * 100) / 100,
      accountId: request.principal?.accountId ?? null,
    });
    metrics.request(request.method, route, reply.statusCode, elapsedMs / 1000);
    done();
  });

  // Bodies are kept as bytes (within the size limit) and decoded as strict UTF-8 JSON by JsonBody
  // after authentication, so a caller without a valid key gets 401 whatever it sends. Any media
  // type is read; the route says which it takes.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  registerGetPetDeprecation(fastify);
  made.gate = gate;
  assertEveryRouteGated(app.get(ModulesContainer), app.get(Reflector));
  registerRequestGate(fastify, gate, app.get(Reflector));

  // CORS only for configured origins: with none, no hook runs on any request.
  if (config.corsOrigins.length > 0)
    app.enableCors({
      origin: [...config.corsOrigins],
      methods: ['GET', 'POST', 'DELETE', 'PATCH'],
      allowedHeaders: ['Authorization', 'Content-Type', HEADERS.idempotencyKey, HEADERS.requestId],
      exposedHeaders: [...EXPOSED_HEADERS],
      maxAge: 600,
    });

  await registerAdminApp(fastify, options.adminDist);

  await app.register(fastifyStatic, {
    root: referenceAssetsDir,
    prefix: '/docs/assets/',
    decorateReply: false,
    index: false,
    allowedPath: (path) => REFERENCE_ASSETS.has(path),
  });

  await app.init();
  await fastify.ready();
  return app;
}
