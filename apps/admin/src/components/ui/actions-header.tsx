/** The header of a table's column of row buttons: named for screen readers only. */
export function ActionsHeader() {
  return (
    <th scope="col">
      <span className="visually-hidden">Actions</span>
    </th>
  );
}
