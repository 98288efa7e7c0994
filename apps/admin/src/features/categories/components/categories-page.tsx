/**
 * Staff's Categories page: every category with its pets and whether it is archived, created,
 * renamed, archived and restored here. Partners are told it is not theirs.
 */
import { useState } from 'react';
import { PageHeading } from '../../../components/ui/page-heading.js';
import { useSignedIn } from '../../../lib/session.js';
import { CategoriesTable } from './categories-table.js';
import { CreateCategoryForm } from './create-category-form.js';

export function CategoriesPage() {
  const { role } = useSignedIn().account;
  // The table and the form each say how their last action went; only the latest is shown, so
  // the page never says two outcomes at once.
  const [latest, setLatest] = useState<'table' | 'form' | null>(null);
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
            <CategoriesTable
              labelledBy="categories-heading"
              current={latest === 'table'}
              onAction={() => {
                setLatest('table');
              }}
            />
          </section>
          <CreateCategoryForm
            current={latest === 'form'}
            onAction={() => {
              setLatest('form');
            }}
          />
        </>
      ) : (
        <p>Your account is not allowed to manage categories: staff create and change them.</p>
      )}
    </>
  );
}
