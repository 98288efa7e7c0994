/**
 * The form that changes an account's plan (and an enterprise plan's own limits), checked as the
 * API checks it before it is sent.
 */
import type { Account } from '@pets/client';
import { PlanChange, toErrorDetails } from '@pets/contract';
import { useEffect, useState, type SubmitEvent } from 'react';
import { describeError, detailsOf, isRateLimited } from '../../../lib/errors.js';
import { useFormIssues } from '../../../lib/form-issues.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useChangePlan } from '../api/change-plan.js';
import { limitField, limitsOf, PLAN_FIELDS, type PlanValues } from '../utils/limits.js';
import { PlanFields, usePlanControls } from './plan-fields.js';

const FIELDS = PLAN_FIELDS;

export function ChangePlanForm({
  account,
  onChanged,
  onCancel,
}: {
  account: Account;
  onChanged: (message: string) => void;
  onCancel: () => void;
}) {
  const changePlan = useChangePlan();
  const { blocked } = useRateLimit();
  const [values, setValues] = useState<PlanValues>({
    plan: account.plan,
    perMinute: String(account.limits.perMinute),
    perDay: String(account.limits.perDay),
    openOrders:
      account.plan === 'enterprise' && account.limits.openOrders !== undefined
        ? String(account.limits.openOrders)
        : '',
  });
  const controls = usePlanControls();
  const { issues, failure, show: showIssues, say } = useFormIssues(FIELDS, controls, limitField);

  // The plan takes focus once, when the form opens.
  const planSelect = controls.plan;
  useEffect(() => {
    planSelect.current?.focus();
  }, [planSelect]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changePlan.isPending) return;
    const parsed = PlanChange.safeParse({ plan: values.plan, limits: limitsOf(values) });
    if (!parsed.success) {
      showIssues(toErrorDetails(parsed.error));
      return;
    }
    say(null);
    changePlan.mutate(
      { accountId: account.id, change: parsed.data },
      {
        onSuccess: ({ data }) => {
          onChanged(`${data.name} is now on the ${data.plan} plan.`);
        },
        onError: (error) => {
          const details = detailsOf(error);
          if (details.length > 0) showIssues(details);
          else say(isRateLimited(error) ? null : describeError(error));
        },
      },
    );
  };

  return (
    <form
      className="panel"
      aria-labelledby="change-plan-heading"
      noValidate
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <h3 id="change-plan-heading">Change the plan of {account.name}</h3>
      <div className="form-row">
        <PlanFields values={values} issues={issues} onChange={setValues} controls={controls} />
      </div>
      <div className="actions">
        <button type="submit" disabled={changePlan.isPending || blocked}>
          {changePlan.isPending ? 'Saving…' : 'Save plan'}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
    </form>
  );
}
