/**
 * Staff's Categories page: every category with its pets and whether it is archived, created,
 * renamed, archived and restored here. Partners are told it is not theirs.
 */
import { PageHeading } from '../../../components/ui/page-heading.js';
import { useSignedIn } from '../../../lib/session.js';
import { CategoriesTable } from './categories-table.js';
import { CreateCategoryForm } from './create-category-form.js';

export function CategoriesPage() {
  const { role } = useSignedIn().account;
  return (
    <>
      <PageHeading>Categories</PageHeading>
      {role === 'staff' ? (
        <>
          <section aria-labelledby="categories-heading">
            <h2 id="categories-heading">Every category</h2>
            <p>
              Oldest first, with how many pets are in each. An archived category keeps its pets, but
              no pet can be added to it or moved to it until it is restored. Categories are never
              deleted.
            </p>
            <CategoriesTable labelledBy="categories-heading" />
          </section>
          <CreateCategoryForm />
        </>
      ) : (
        <p>Your account is not allowed to manage categories: staff create and change them.</p>
      )}
    </>
  );
}
