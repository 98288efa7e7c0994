// The staff guard: staff reach staff-only routes, a partner or a caller with no key gets 403
// forbidden there, and other routes let anyone through.
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { describe, expect, it } from 'vitest';
import { ApiException } from '../errors/api-exception.js';
import { StaffOnly } from '../gate/roles.decorator.js';
import type { Principal } from '../gate/principal.js';
import { StaffGuard } from './staff.guard.js';

@StaffOnly()
class StaffController {
  handle(): void {}
}

class PartnerController {
  handle(): void {}
}

type Controller = new () => { handle(): void };

const contextFor = (controller: Controller, principal?: Partial<Principal>) =>
  ({
    getClass: () => controller,
    getHandler: () => (controller.prototype as { handle(): void }).handle,
    switchToHttp: () => ({ getRequest: () => ({ principal }) }),
  }) as unknown as ExecutionContext;

describe('StaffGuard', () => {
  const guard = new StaffGuard(new Reflector());

  it('lets staff through to staff-only routes, and anyone to the others', () => {
    expect(guard.canActivate(contextFor(StaffController, { role: 'staff' }))).toBe(true);
    expect(guard.canActivate(contextFor(PartnerController, { role: 'partner' }))).toBe(true);
    expect(guard.canActivate(contextFor(PartnerController))).toBe(true);
  });

  it('refuses a partner on a staff-only route with 403 forbidden', () => {
    expect(() => guard.canActivate(contextFor(StaffController, { role: 'partner' }))).toThrow(
      expect.objectContaining({ code: 'forbidden', status: 403 }) as Error,
    );
  });

  it('refuses a staff-only route reached with no caller at all (a public route marked staff-only) with 403, not a crash', () => {
    let thrown: unknown;
    try {
      guard.canActivate(contextFor(StaffController));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiException);
    expect(thrown).toMatchObject({ code: 'forbidden' });
  });
});
