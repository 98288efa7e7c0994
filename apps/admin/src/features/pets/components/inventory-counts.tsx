/** For staff, above the pets: how many pets are available, pending and sold now. */
import { PET_STATUSES, type PetStatus } from '@pets/contract';
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { formatCount } from '../../../lib/format.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { inventoryQueryOptions } from '../api/get-inventory.js';

const LABEL: Record<PetStatus, string> = {
  available: 'Available',
  pending: 'Pending',
  sold: 'Sold',
};

export function InventoryCounts() {
  const client = useClient();
  const { blocked } = useRateLimit();
  const inventory = useQuery({ ...inventoryQueryOptions(client), enabled: !blocked });
  const counts = inventory.data?.data;
  return (
    <section className="inventory" aria-labelledby="inventory-heading">
      <h2 id="inventory-heading">Inventory</h2>
      {counts ? (
        <dl className="inventory-counts">
          {PET_STATUSES.map((status) => (
            <div key={status} className={`inventory-count pet-status-${status}`}>
              <dt>{LABEL[status]}</dt>
              <dd>{formatCount(counts[status])}</dd>
            </div>
          ))}
        </dl>
      ) : inventory.isError ? (
        <p className="muted">The inventory could not be read.</p>
      ) : (
        <p className="muted">Counting pets…</p>
      )}
    </section>
  );
}
