/**
 * Staff's home page, the first after signing in: the inventory and the pets waiting longest, the
 * orders waiting for approval (the orders feature's, given by the route), and adoptions by partner
 * this week and month. Each section loads, fails and retries on its own.
 */
import type { ReactNode } from 'react';
import { PageHeading } from '../../../components/ui/page-heading.js';
import { AdoptionsSection } from './adoptions-section.js';
import { InventorySection } from './inventory-section.js';
import { WaitingPetsSection } from './waiting-pets-section.js';

export function HomePage({
  ordersToApprove,
  now = new Date(),
}: {
  /** The orders placed and waiting for staff, with Approve and Cancel. */
  ordersToApprove: ReactNode;
  /** Today, for this week's and this month's adoptions. */
  now?: Date;
}) {
  return (
    <>
      <PageHeading>Home</PageHeading>
      <div className="home-grid">
        <InventorySection />
        <WaitingPetsSection />
        {ordersToApprove}
        <AdoptionsSection now={now} />
      </div>
    </>
  );
}
