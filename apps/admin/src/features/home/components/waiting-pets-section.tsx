/** The available pets that have waited longest, oldest first, each a link to its page. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { CategoryName } from '../../../components/category-name.js';
import { useClient } from '../../../lib/client.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { waitingPetsQueryOptions } from '../api/list-waiting-pets.js';
import { SectionState } from './section-state.js';

export function WaitingPetsSection() {
  const client = useClient();
  const { blocked } = useRateLimit();
  const pets = useQuery({ ...waitingPetsQueryOptions(client), enabled: !blocked });
  const shown = pets.data?.data;
  return (
    <section className="panel home-section" aria-labelledby="home-waiting-heading">
      <h2 id="home-waiting-heading">Waiting longest</h2>
      <SectionState queries={[pets]} loading="Loading pets…" />
      {shown === undefined ? null : shown.length === 0 ? (
        <p>No pet is available now.</p>
      ) : (
        <>
          <p className="hint">Available pets, the longest listed first.</p>
          <ol className="home-list">
            {shown.map((pet) => (
              <li key={pet.id}>
                <Link href={`/pets/${String(pet.id)}`}>{pet.name}</Link>{' '}
                <span className="muted">
                  (id {pet.id}) · <CategoryName id={pet.categoryId} />
                </span>
              </li>
            ))}
          </ol>
          <p>
            <Link href="/pets?status=available">Every available pet</Link>
          </p>
        </>
      )}
    </section>
  );
}
