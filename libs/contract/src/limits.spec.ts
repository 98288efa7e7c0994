// The most open orders an account may hold: its plan's, an enterprise account's own, none for staff.
import { describe, expect, it } from 'vitest';
import { OPEN_ORDERS_MAX, openOrdersMax } from './limits.js';

describe('openOrdersMax', () => {
  it("is the plan's for a partner on a plan with fixed limits, whatever number is stored", () => {
    expect(openOrdersMax('free', 'partner', null)).toBe(3);
    expect(openOrdersMax('pro', 'partner', 7)).toBe(OPEN_ORDERS_MAX.pro);
    expect(openOrdersMax('business', 'partner', null)).toBe(100);
  });

  it("is an enterprise account's own number, or the plan's when it agreed none", () => {
    expect(openOrdersMax('enterprise', 'partner', 7)).toBe(7);
    expect(openOrdersMax('enterprise', 'partner', null)).toBe(1_000);
  });

  it('is no cap at all for staff, on any plan', () => {
    expect(openOrdersMax('enterprise', 'staff', 7)).toBeUndefined();
    expect(openOrdersMax('free', 'staff', null)).toBeUndefined();
  });
});
