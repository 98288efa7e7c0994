/** Who is signed in, shown on the Your account page. */
import { formatDateTime } from '../../../lib/format.js';
import { useSignedIn } from '../../../lib/session.js';

/** Who is signed in, to which account with which role, and until when at the latest. */
export function SignedInSummary() {
  const { person, account, startedAt, expiresAt } = useSignedIn();
  return (
    <section aria-labelledby="you-heading">
      <h2 id="you-heading">You</h2>
      <dl className="facts">
        <div>
          <dt>Name</dt>
          <dd>{person.name}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{person.email}</dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd>{account.name}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{account.role}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>{account.plan}</dd>
        </div>
        <div>
          <dt>Signed in</dt>
          <dd>
            <time dateTime={startedAt}>{formatDateTime(startedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Session ends at the latest</dt>
          <dd>
            <time dateTime={expiresAt}>{formatDateTime(expiresAt)}</time>
          </dd>
        </div>
      </dl>
    </section>
  );
}
