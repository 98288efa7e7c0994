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
