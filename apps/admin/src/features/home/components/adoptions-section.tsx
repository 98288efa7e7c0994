/**
 * Adoptions (orders delivered) this week and this month by partner, most first, with the month's
 * leader said in one line: who adopted most is read, never counted.
 */
import type { ApiResult } from '@pets/client';
import type { AdoptionsReport } from '@pets/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useClient } from '../../../lib/client.js';
import { formatCount } from '../../../lib/format.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { adoptionsQueryOptions } from '../api/get-adoptions.js';
import { type AccountRow, byMostDelivered, mostDelivered } from '../utils/most-adopted.js';
import { thisMonth, thisWeek } from '../utils/periods.js';
import { SectionState } from './section-state.js';

const AccountLink = ({ account }: Pick<AccountRow, 'account'>) => (
  <Link href={`/accounts/${String(account.id)}`}>{account.name}</Link>
);

/** "Most this month: Partner Co, 7", or the partners tied at the top. */
function MostLine({ rows }: { rows: readonly AccountRow[] }) {
  const top = mostDelivered(rows);
  const [first] = top;
  if (!first) return <p className="home-lead">No adoptions yet this month.</p>;
  return (
    <p className="home-lead">
      Most this month:{' '}
      {top.map((row, index) => (
        <span key={row.account.id}>
          {index === 0 ? '' : index === top.length - 1 ? ' and ' : ', '}
          <AccountLink account={row.account} />
        </span>
      ))}
      , {formatCount(first.delivered)}
      {top.length > 1 ? ' each' : ''}
    </p>
  );
}

function AdoptionsTable({
  id,
  caption,
  rows,
}: {
  id: string;
  caption: string;
  rows: readonly AccountRow[];
}) {
  return (
    <div className="table-scroll home-table">
      <table aria-labelledby={id}>
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Partner</th>
            <th scope="col" className="number">
              Adopted
            </th>
            <th scope="col" className="number">
              Cancelled
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={3}>None yet.</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.account.id}>
                <th scope="row">
                  <AccountLink account={row.account} />
                </th>
                <td className="number">{formatCount(row.delivered)}</td>
                <td className="number">{formatCount(row.cancelled)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

const rowsOf = (report: ApiResult<AdoptionsReport> | undefined) =>
  report ? byMostDelivered(report.data.rows) : undefined;

export function AdoptionsSection({ now }: { now: Date }) {
  const client = useClient();
  const { blocked } = useRateLimit();
  const month = useQuery({
    ...adoptionsQueryOptions(client, thisMonth(now)),
    enabled: !blocked,
  });
  const week = useQuery({ ...adoptionsQueryOptions(client, thisWeek(now)), enabled: !blocked });
  const monthRows = rowsOf(month.data);
  const weekRows = rowsOf(week.data);
  return (
    <section className="panel home-section home-wide" aria-labelledby="home-adoptions-heading">
      <h2 id="home-adoptions-heading">Adoptions</h2>
      <SectionState queries={[month, week]} loading="Counting adoptions…" />
      {monthRows ? <MostLine rows={monthRows} /> : null}
      <div className="home-tables">
        {monthRows ? (
          <AdoptionsTable id="home-adoptions-month" caption="This month" rows={monthRows} />
        ) : null}
        {weekRows ? (
          <AdoptionsTable id="home-adoptions-week" caption="This week" rows={weekRows} />
        ) : null}
      </div>
    </section>
  );
}
