import { PET_STATUSES } from '@pets/contract';

/** The admin shell; pets and keys pages arrive with the admin issue. */
export function App() {
  return (
    <main>
      <h1>Pet store admin</h1>
      <p>Pets can be {PET_STATUSES.join(', ')}.</p>
    </main>
  );
}
