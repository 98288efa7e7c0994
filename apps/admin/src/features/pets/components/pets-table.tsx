import type { Pet } from '@pets/client';
import { TableScroll } from '../../../components/ui/table-scroll.js';

export function PetsTable({
  pets,
  caption,
  busy,
}: {
  pets: Pet[];
  caption: string;
  busy: boolean;
}) {
  return (
    <TableScroll labelledBy="pets-caption">
      <table aria-busy={busy || undefined}>
        <caption id="pets-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="number">
              Id
            </th>
            <th scope="col">Name</th>
            <th scope="col" className="number">
              Category
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {pets.map((pet) => (
            <tr key={pet.id}>
              <td className="number">{pet.id}</td>
              <td>{pet.name}</td>
              <td className="number">{pet.categoryId}</td>
              <td>
                <span className={`pet-status pet-status-${pet.status}`}>{pet.status}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
