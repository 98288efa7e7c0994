import { RateLimitMeter } from '../../../components/rate-limit-meter.js';
import { RateLimitNotice } from '../../../components/rate-limit-notice.js';
import { PageHeading } from '../../../components/ui/page-heading.js';
import { AddPetForm } from './add-pet-form.js';
import { PetsList } from './pets-list.js';

export function PetsPage() {
  return (
    <>
      <PageHeading>Pets</PageHeading>
      <RateLimitMeter />
      <div aria-live="polite">
        <RateLimitNotice />
      </div>
      <section aria-labelledby="add-pet-heading" className="panel">
        <h2 id="add-pet-heading">Add a pet</h2>
        <AddPetForm />
      </section>
      <PetsList />
    </>
  );
}
