/** The form that creates an account: its name, role and plan, checked as the API checks them. */
import type { Account } from '@pets/client';
import { NewAccount, Role, toErrorDetails } from '@pets/contract';
import { useRef, useState, type SubmitEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'wouter';
import { Field } from '../../../components/ui/field.js';
import { StatusMessage } from '../../../components/ui/status-message.js';
import { describeError, detailsOf, isRateLimited } from '../../../lib/errors.js';
import { useFormIssues } from '../../../lib/form-issues.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useCreateAccount } from '../api/create-account.js';
import { accountPath } from '../utils/account-paths.js';
import { limitField, limitsOf, PLAN_FIELDS, type PlanValues } from '../utils/limits.js';
import { ConfirmStaff } from './confirm-staff.js';
import { PlanFields, usePlanControls } from './plan-fields.js';

const NO_PLAN: PlanValues = { plan: 'free', perMinute: '', perDay: '', openOrders: '' };

const FIELDS = ['name', 'role', ...PLAN_FIELDS] as const;

/** Creates an account; a staff one only after a confirmation that says what staff can do. */
export function CreateAccountForm() {
  const createAccount = useCreateAccount();
  const { blocked } = useRateLimit();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('partner');
  const [plan, setPlan] = useState(NO_PLAN);
  const [created, setCreated] = useState<Account | null>(null);
  const [confirming, setConfirming] = useState<NewAccount | null>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const controls = {
    name: useRef<HTMLInputElement>(null),
    role: useRef<HTMLSelectElement>(null),
    ...usePlanControls(),
  };
  const { issues, failure, show: showIssues, say } = useFormIssues(FIELDS, controls, limitField);

  const create = (account: NewAccount) => {
    createAccount.mutate(account, {
      onSuccess: ({ data }) => {
        setConfirming(null);
        setName('');
        setRole('partner');
        setPlan(NO_PLAN);
        setCreated(data);
      },
      onError: (error) => {
        flushSync(() => {
          setConfirming(null);
        });
        const details = detailsOf(error);
        if (details.length > 0) showIssues(details);
        else say(isRateLimited(error) ? null : describeError(error));
        // The first field with an issue has taken focus; when none has, the button the dialog
        // came from takes it.
        const onField = Object.values(controls).some((c) => c.current === document.activeElement);
        if (!onField) submitButton.current?.focus();
      },
    });
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (createAccount.isPending) return;
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
    say(null);
    if (parsed.data.role === 'staff') setConfirming(parsed.data);
    else create(parsed.data);
  };

  return (
    <>
      <form className="panel" aria-labelledby="create-account-heading" noValidate onSubmit={submit}>
        <h2 id="create-account-heading">Create an account</h2>
        <div className="form-row">
          <Field label="Name" error={issues.name}>
            {(control) => (
              <input
                {...control}
                ref={controls.name}
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
                ref={controls.role}
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
          <PlanFields values={plan} issues={issues} onChange={setPlan} controls={controls} />
        </div>
        <button ref={submitButton} type="submit" disabled={createAccount.isPending || blocked}>
          {createAccount.isPending ? 'Creating…' : 'Create account'}
        </button>
        <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
        <StatusMessage
          message={created ? `Created the account ${created.name} (id ${created.id}).` : null}
        >
          {created ? (
            <>
              {' '}
              <Link href={accountPath(created.id)}>Open {created.name} to give it a key</Link>
            </>
          ) : null}
        </StatusMessage>
      </form>
      {confirming ? (
        <ConfirmStaff
          name={confirming.name}
          busy={createAccount.isPending || blocked}
          onConfirm={() => {
            create(confirming);
          }}
          onCancel={() => {
            flushSync(() => {
              setConfirming(null);
            });
            submitButton.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
