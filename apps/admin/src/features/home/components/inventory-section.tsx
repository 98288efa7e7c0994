/** How many pets are available, pending and sold now, each count a link to those pets. */
import { PET_STATUSES, type PetStatus } from '@pets/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useClient } from '../../../lib/client.js';
import { formatCount } from '../../../lib/format.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { inventoryQueryOptions } from '../api/get-inventory.js';
import { SectionState } from './section-state.js';

const LABEL: Record<PetStatus, string> = {
  available: 'available',
  pending: 'pending',
  sold: 'sold',
};

export function InventorySection() {
  const client = useClient();
  const { blocked } = useRateLimit();
  const inventory = useQuery({ ...inventoryQueryOptions(client), enabled: !blocked });
  const counts = inventory.data?.data;
  return (
    <section className="panel home-section" aria-labelledby="home-inventory-heading">
      <h2 id="home-inventory-heading">Inventory</h2>
      <SectionState queries={[inventory]} loading="Counting pets…" />
      {counts ? (
        <ul className="home-counts">
          {PET_STATUSES.map((status) => (
            <li key={status}>
              <Link href={`/pets?status=${status}`} className={`pet-status-${status}`}>
                <span className="home-count">{formatCount(counts[status])}</span> {LABEL[status]}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
