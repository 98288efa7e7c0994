/**
 * A category's name where a pet or an event gives its id: the name, "(archived)" after an archived
 * one's, "Category 9 (unknown)" for an id no category has (a pet written by an old release).
 */
import { useCategories } from '../lib/categories.js';

export function CategoryName({ id, showArchived = true }: { id: number; showArchived?: boolean }) {
  const { byId, nameOf } = useCategories();
  const category = byId(id);
  if (!category) return <span className="muted">{nameOf(id)}</span>;
  return (
    <span>
      {category.name}
      {showArchived && category.archived ? <span className="muted"> (archived)</span> : null}
    </span>
  );
}
