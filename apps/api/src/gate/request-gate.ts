/**
 * The gate every API request passes before its body is read (docs/team/guarantees.md): who is
 * calling (the key), whether they may (the rate limit, then the role), all in an `onRequest` hook.
 * A stranger is refused before a byte of its body is read, and a client that sent
 * `Expect: 100-continue` is invited to send its body only once it has passed (RFC 9110 10.1.1).
 *
 * The global guards (`API_GUARDS`) do the work, as they would in Nest's own pipeline; they run here,
 * once, with the route's own controller and handler (so `@Public()` and staff-only metadata apply),
 * and the server does not start with a route that is neither gated nor public
 * ({@link assertEveryRouteGated}). Nest's own guard pipeline is left empty: it would only repeat work.
 */
import type { IncomingMessage } from 'node:http';
import {
  type CanActivate,
  type ExecutionContext,
  InternalServerErrorException,
  type Type,
} from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { MetadataScanner, ModulesContainer, type Reflector } from '@nestjs/core';
// Nest has no public way to make the ExecutionContext of a request outside its own pipeline; this
// class is what that pipeline (and Nest's guide to testing guards) makes one with.
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { HEADERS, PROBLEMS } from '@pets/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ApiException } from '../errors/api-exception.js';
import { unmatchedRoute } from './allowed-methods.js';
import { FallbackController } from './fallback.controller.js';
import { GATE, type GateTarget } from './gate.decorator.js';
import { IS_PUBLIC } from './public.decorator.js';
import { checkSentOnce, type CountAgainstAddress } from '../http/http-edges.js';

const EXPECTS_CONTINUE = Symbol('expectsContinue');

/** Called by the server for a request with `Expect: 100-continue`, instead of answering 100 itself. */
export function expectsContinue(request: IncomingMessage): void {
  (request as IncomingMessage & { [EXPECTS_CONTINUE]?: true })[EXPECTS_CONTINUE] = true;
}

const continues = (request: FastifyRequest) =>
  (request.raw as IncomingMessage & { [EXPECTS_CONTINUE]?: true })[EXPECTS_CONTINUE] === true;

/** A request announcing a body (that nothing has read yet). */
const announcesBody = (request: FastifyRequest) => {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
};

/**
 * Refused before its body was read: the connection closes after the answer, so the body is never
 * read (Node would otherwise read and discard it to keep the connection).
 */
function closeIfBodyPending(request: FastifyRequest, reply: FastifyReply): void {
  if (announcesBody(request)) void reply.header('connection', 'close');
}

/** What is checked once the caller is known, before the body: counted against the caller. */
function checkAfterAuthentication(request: FastifyRequest): void {
  checkSentOnce(request, 'idempotency-key', HEADERS.idempotencyKey);
  checkSentOnce(request, 'content-type', 'Content-Type');
  const encoding = request.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity')
    throw ApiException.of(PROBLEMS.encodedBody);
}

// The guards read only the class and the handler's metadata (it has none); it is never called.
// eslint-disable-next-line @typescript-eslint/unbound-method
const notFound = FallbackController.prototype.notFound;

/** No route, or a route whose parameter is empty (`/v1/pets//`), which Nest sends to its 404. */
function isUnmatched(request: FastifyRequest): boolean {
  const { url, config } = request.routeOptions;
  if (url === undefined || !(config as unknown as Record<string, unknown> | undefined)?.[GATE])
    return true;
  const params = request.params as Record<string, unknown> | undefined;
  for (const name in params) if (params[name] === '' && name !== '*') return true;
  return false;
}

export class RequestGate {
  /**
   * @param guards the global guards, in order (`API_GUARDS`)
   * @param throttler the rate limit among them, which alone counts a request refused before its
   *   caller is known
   */
  constructor(
    private readonly guards: readonly CanActivate[],
    private readonly throttler: CanActivate,
    private readonly bodyLimit: number,
  ) {}

  private async pass(context: ExecutionContext): Promise<void> {
    for (const guard of this.guards) {
      // Guards that decide at once (roles, origins) are not awaited: no turn of the microtask queue
      // for them on every request.
      const verdict = guard.canActivate(context);
      const passed = verdict instanceof Promise ? await verdict : verdict;
      if (passed !== true)
        throw new InternalServerErrorException('A guard refused without saying why');
    }
  }

  /** The gate of a route: the guards with its controller and handler, then what the caller sent. */
  forRoute({ controller, handler, bodyLimit = this.bodyLimit }: GateTarget): onRequestHookHandler {
    // The fallback routes serve no operation: past the guards, the answer is their 405 or 404,
    // given before the body is read (a QUERY without Content-Type is not asked for one).
    const serves = controller !== FallbackController;
    return (request, reply, done) => {
      const context = new ExecutionContextHost([request, reply], controller, handler);
      this.pass(context).then(
        () => {
          if (!serves) {
            closeIfBodyPending(request, reply);
            done(unmatchedRoute(request));
            return;
          }
          try {
            checkAfterAuthentication(request);
          } catch (error) {
            closeIfBodyPending(request, reply);
            done(error as Error);
            return;
          }
          // A body over the limit is refused (413) without inviting it.
          if (continues(request) && !(Number(request.headers['content-length']) > bodyLimit))
            reply.raw.writeContinue();
          done();
        },
        (error: unknown) => {
          closeIfBodyPending(request, reply);
          done(error as Error);
        },
      );
    };
  }

  /**
   * A /v1 request no gated route serves meets the same guards, as a request to the fallback
   * controller, then gets its 405 or 404: decided in the same place, with the same headers, as on
   * any other path.
   */
  unmatched(): onRequestHookHandler {
    return (request, reply, done) => {
      if (!request.url.startsWith('/v1') || !isUnmatched(request)) {
        done();
        return;
      }
      const context = new ExecutionContextHost([request, reply], FallbackController, notFound);
      closeIfBodyPending(request, reply);
      this.pass(context).then(() => {
        done(unmatchedRoute(request));
      }, done);
    };
  }

  /**
   * A request refused before its caller is known (a malformed head): counted against its address,
   * as a request without a key is, so it carries the rate-limit headers and cannot be sent without
   * limit. Answers what to send: the refusal, or the 429 when the address is over its limit.
   */
  async refuseBeforeAuthentication(
    request: { readonly ip: string },
    reply: { header(name: string, value: string | number): unknown },
    refusal: unknown,
  ): Promise<unknown> {
    const context = new ExecutionContextHost([request, reply], FallbackController, notFound);
    try {
      // Only the rate limit: the key and the role are not checked on a request that is refused.
      await this.throttler.canActivate(context);
    } catch (limited) {
      return limited;
    }
    return refusal;
  }

  /** {@link refuseBeforeAuthentication} for a request Node's parser refused: only its address is known. */
  readonly countAgainstAddress: CountAgainstAddress = (address, header, refusal) => {
    const reply = {
      header(name: string, value: string | number) {
        header(name, value);
        return reply;
      },
    };
    return this.refuseBeforeAuthentication({ ip: address }, reply, refusal);
  };
}

/**
 * Adds the gate to every route that carries one ({@link Gated}) and is not `@Public()`, as the
 * routes are registered, and the gate of requests no route serves. Public routes pay nothing.
 */
export function registerRequestGate(
  fastify: FastifyInstance,
  gate: RequestGate,
  reflector: Reflector,
): void {
  fastify.addHook('onRoute', (route) => {
    const target = (route.config as unknown as Record<string, unknown> | undefined)?.[GATE] as
      GateTarget | undefined;
    if (!target) return;
    if (target.bodyLimit !== undefined) route.bodyLimit = target.bodyLimit;
    const isPublic =
      reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, [
        target.handler,
        target.controller,
      ]) === true;
    if (isPublic) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), gate.forRoute(target)];
  });
  fastify.addHook('onRequest', gate.unmatched());
}

/**
 * Refuses to start with a controller method that serves a route and is neither {@link Gated} nor
 * `@Public()`: it would be served without the key, the rate limit and the role (a fault of ours).
 * Checked once, over every controller of the application, instead of on every request.
 */
export function assertEveryRouteGated(modules: ModulesContainer, reflector: Reflector): void {
  const scanner = new MetadataScanner();
  const ungated: string[] = [];
  for (const module of modules.values())
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      for (const name of scanner.getAllMethodNames(controller.prototype as object)) {
        const handler = (controller.prototype as Record<string, unknown>)[name] as (
          ...args: never[]
        ) => unknown;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const marked = (key: string) =>
          reflector.getAllAndOverride<boolean | undefined>(key, [handler, controller]) === true;
        if (!marked(GATE) && !marked(IS_PUBLIC)) ungated.push(`${controller.name}.${name}`);
      }
    }
  if (ungated.length > 0)
    throw new Error(
      `Served without the request gate: ${ungated.join(', ')}. Mark each @Gated() or @Public().`,
    );
}
