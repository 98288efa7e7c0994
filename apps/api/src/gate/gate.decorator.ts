/**
 * `@Gated()`: marks a route for the request gate, so its guards run before its body is read.
 */
import { SetMetadata, type Type } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';

/** The key of a route's Fastify config that holds its {@link GateTarget}. */
export const GATE = 'petstore:gate';

/** The controller and handler of a route, whose metadata (`@Public()`, staff only) the guards read. */
export interface GateTarget {
  readonly controller: Type;
  readonly handler: (...args: never[]) => unknown;
  /** The route's own largest body, in bytes, when it is not the API's (a photo upload's). */
  readonly bodyLimit?: number;
}

/**
 * Marks a controller method for the request gate (`request-gate.ts`): its route carries its
 * controller and handler, so the guards run for it before the body is read, and its own body limit
 * when it takes larger bodies than the API's (Fastify's `bodyLimit` of the route is set from it).
 */
export const Gated =
  (bodyLimit?: number): MethodDecorator =>
  (target, key, descriptor) => {
    const gate: GateTarget = {
      controller: target.constructor as Type,
      handler: descriptor.value as GateTarget['handler'],
      ...(bodyLimit === undefined ? {} : { bodyLimit }),
    };
    RouteConfig({ [GATE]: gate })(target, key, descriptor);
    SetMetadata(GATE, true)(target, key, descriptor);
  };
