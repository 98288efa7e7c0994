import { Plan, PLAN_LIMITS } from '@pets/contract';
import type { Ref } from 'react';
import { Field } from '../../../components/ui/field.js';
import { formatCount } from '../../../lib/format.js';
import type { PlanValues } from '../utils/limits.js';

const planLabel = (plan: Plan): string => {
  const limits = PLAN_LIMITS[plan];
  return limits
    ? `${plan} (${formatCount(limits.perMinute)}/min, ${formatCount(limits.perDay)}/day)`
    : `${plan} (own limits)`;
};

/** A plan, and its own limits when it is enterprise (the only plan that has them). */
export function PlanFields({
  values,
  issues,
  onChange,
  planRef,
}: {
  values: PlanValues;
  issues: Record<string, string>;
  onChange: (values: PlanValues) => void;
  planRef?: Ref<HTMLSelectElement>;
}) {
  return (
    <>
      <Field label="Plan" error={issues.plan}>
        {(control) => (
          <select
            {...control}
            ref={planRef}
            value={values.plan}
            onChange={(event) => {
              const plan = Plan.options.find((known) => known === event.target.value);
              onChange({ ...values, plan: plan ?? values.plan });
            }}
          >
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
        </>
      ) : null}
    </>
  );
}
