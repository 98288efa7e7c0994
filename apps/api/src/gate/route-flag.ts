/**
 * A route's flag set with `SetMetadata` (public, staff only, ...), read once per route rather than
 * on every request.
 */
import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';

/**
 * A boolean set on routes with `SetMetadata` (on the handler or its controller), read once per route:
 * route metadata is fixed at start, so the guards on every request need not look it up again.
 */
export class RouteFlag {
  private readonly byController = new WeakMap<object, WeakMap<object, boolean>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly key: string,
  ) {}

  of(context: ExecutionContext): boolean {
    const controller = context.getClass();
    const handler = context.getHandler();
    let handlers = this.byController.get(controller);
    if (!handlers) {
      handlers = new WeakMap();
      this.byController.set(controller, handlers);
    }
    let value = handlers.get(handler);
    if (value === undefined) {
      value =
        this.reflector.getAllAndOverride<boolean | undefined>(this.key, [handler, controller]) ===
        true;
      handlers.set(handler, value);
    }
    return value;
  }
}
