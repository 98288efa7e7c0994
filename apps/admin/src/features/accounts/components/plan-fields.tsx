/**
 * The plan inputs the create and change-plan forms share: the plan, and an enterprise plan's
 * limits.
 */
import { OPEN_ORDERS_MAX, Plan, PLAN_LIMITS } from '@pets/contract';
import { type RefObject, useRef } from 'react';
import { Field } from '../../../components/ui/field.js';
import { formatCount } from '../../../lib/format.js';
import type { PLAN_FIELDS, PlanValues } from '../utils/limits.js';

const planLabel = (plan: Plan): string => {
  const limits = PLAN_LIMITS[plan];
  return limits
    ? `${plan} (${formatCount(limits.perMinute)}/min, ${formatCount(limits.perDay)}/day)`
    : `${plan} (own limits)`;
};

export type PlanControls = {
  plan: RefObject<HTMLSelectElement | null>;
} & Record<Exclude<(typeof PLAN_FIELDS)[number], 'plan'>, RefObject<HTMLInputElement | null>>;

/** The refs {@link PlanFields} takes, one per input. */
export function usePlanControls(): PlanControls {
  return {
    plan: useRef<HTMLSelectElement>(null),
    'limits.perMinute': useRef<HTMLInputElement>(null),
    'limits.perDay': useRef<HTMLInputElement>(null),
    'limits.openOrders': useRef<HTMLInputElement>(null),
  };
}

/** A plan, and its own limits when it is enterprise (the only plan that has them). */
export function PlanFields({
  values,
  issues,
  onChange,
  controls,
}: {
  values: PlanValues;
  issues: Partial<Record<string, string>>;
  onChange: (values: PlanValues) => void;
  /** The inputs, for the form to focus the first one with an issue. */
  controls: PlanControls;
}) {
  return (
    <>
      <Field label="Plan" error={issues.plan}>
        {(control) => (
          <select
            {...control}
            ref={controls.plan}
            value={values.plan}
            onChange={(event) => {
              const plan = Plan.options.find((known) => known === event.target.value);
              onChange({ ...values, plan: plan ?? values.plan });
            }}
          >
            {Plan.options.some((known) => known === values.plan) ? null : (
              <option value={values.plan}>{values.plan}</option>
            )}
            {Plan.options.map((plan) => (
              <option key={plan} value={plan}>
                {planLabel(plan)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {values.plan === 'enterprise' ? (
        <>
          <Field label="Requests per minute" error={issues['limits.perMinute']}>
            {(control) => (
              <input
                {...control}
                ref={controls['limits.perMinute']}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={values.perMinute}
                onChange={(event) => {
                  onChange({ ...values, perMinute: event.target.value });
                }}
              />
            )}
          </Field>
          <Field label="Requests per day" error={issues['limits.perDay']}>
            {(control) => (
              <input
                {...control}
                ref={controls['limits.perDay']}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={values.perDay}
                onChange={(event) => {
                  onChange({ ...values, perDay: event.target.value });
                }}
              />
            )}
          </Field>
          <Field
            label="Open orders at once"
            hint={`Optional: ${formatCount(OPEN_ORDERS_MAX.enterprise)} when left empty.`}
            error={issues['limits.openOrders']}
          >
            {(control) => (
              <input
                {...control}
                ref={controls['limits.openOrders']}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={values.openOrders}
                onChange={(event) => {
                  onChange({ ...values, openOrders: event.target.value });
                }}
              />
            )}
          </Field>
        </>
      ) : null}
    </>
  );
}
