/**
 * An account's people: the signed-in person's own account's, read-only, on Your account; or for
 * staff another account's, named by `owner`, where they make reset links and deactivate people.
 */
import { RESET_LINK_TTL_MS } from '@pets/contract';
import { useId } from 'react';
import type { PeopleOf } from '../api/list-people.js';
import { PeopleTable } from './people-table.js';

export function PeopleSection({
  of,
  owner,
  manage = false,
}: {
  of: PeopleOf;
  owner?: string;
  manage?: boolean;
}) {
  const heading = `${useId()}-people`;
  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>{owner ? `People of ${owner}` : 'People of your account'}</h2>
      <p>
        {owner ? 'Everyone who signs in to this account' : 'Everyone who signs in to your account'},
        oldest first; deactivated people can no longer sign in.
        {manage
          ? ` Make reset link gives a one-time link, good for ${RESET_LINK_TTL_MS / 60_000} minutes, where a person who forgot their password chooses a new one.`
          : null}
      </p>
      <PeopleTable of={of} manage={manage} labelledBy={heading} />
    </section>
  );
}
