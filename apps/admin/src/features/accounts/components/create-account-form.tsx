import { NewAccount, Role, toErrorDetails, type ErrorDetail } from '@pets/contract';
import { useState, type SubmitEvent } from 'react';
import { Field } from '../../../components/ui/field.js';
import { StatusMessage } from '../../../components/ui/status-message.js';
import { describeError, detailsOf, isRateLimited, placeIssues } from '../../../lib/errors.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useCreateAccount } from '../api/create-account.js';
import { limitField, limitsOf, PLAN_FIELDS, type PlanValues } from '../utils/limits.js';
import { PlanFields } from './plan-fields.js';

const NO_PLAN: PlanValues = { plan: 'free', perMinute: '', perDay: '' };

const FIELDS = ['name', 'role', ...PLAN_FIELDS];

export function CreateAccountForm() {
  const createAccount = useCreateAccount();
  const { blocked } = useRateLimit();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('partner');
  const [plan, setPlan] = useState(NO_PLAN);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  const showIssues = (details: readonly ErrorDetail[]) => {
    const { byField, rest } = placeIssues(details, FIELDS, limitField);
    setIssues(byField);
    setFailure(rest);
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (createAccount.isPending) return;
    setFailure(null);
    setCreated(null);
    const parsed = NewAccount.safeParse({
      name,
      plan: plan.plan,
      role,
      limits: limitsOf(plan),
    });
    if (!parsed.success) {
      showIssues(toErrorDetails(parsed.error));
      return;
    }
    setIssues({});
    createAccount.mutate(parsed.data, {
      onSuccess: ({ data }) => {
        setName('');
        setRole('partner');
        setPlan(NO_PLAN);
        setCreated(`Created the account ${data.name} (id ${data.id}).`);
      },
      onError: (error) => {
        const details = detailsOf(error);
        if (details.length > 0) showIssues(details);
        else if (!isRateLimited(error)) setFailure(describeError(error));
      },
    });
  };

  return (
    <form className="panel" aria-labelledby="create-account-heading" noValidate onSubmit={submit}>
      <h3 id="create-account-heading">Create an account</h3>
      <div className="form-row">
        <Field label="Name" error={issues.name}>
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              value={name}
              onChange={(event) => {
                setName(event.target.value);
              }}
            />
          )}
        </Field>
        <Field label="Role" error={issues.role}>
          {(control) => (
            <select
              {...control}
              value={role}
              onChange={(event) => {
                setRole(Role.options.find((known) => known === event.target.value) ?? role);
              }}
            >
              {Role.options.map((known) => (
                <option key={known} value={known}>
                  {known}
                </option>
              ))}
            </select>
          )}
        </Field>
        <PlanFields values={plan} issues={issues} onChange={setPlan} />
      </div>
      <button type="submit" disabled={createAccount.isPending || blocked}>
        {createAccount.isPending ? 'Creating…' : 'Create account'}
      </button>
      <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
      <StatusMessage message={created} />
    </form>
  );
}
