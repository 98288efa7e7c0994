/** The page for an address the admin does not have, with a way to the pets. */
import { Link } from 'wouter';
import { PageHeading } from '../../components/ui/page-heading.js';

export function NotFoundRoute() {
  return (
    <>
      <PageHeading>Page not found</PageHeading>
      <p>
        <Link href="/pets">Go to the pets</Link>
      </p>
    </>
  );
}
