/** Asks before a category is archived or restored, naming it and saying what that does to pets. */
import type { Category } from '@pets/client';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';

/** What happens to the pets in it: they stay. */
const theirPets = (count: number) =>
  count === 0
    ? 'It has no pets now.'
    : count === 1
      ? 'Its one pet stays in it, and still shows it.'
      : `Its ${count} pets stay in it, and still show it.`;

export function ConfirmArchive({
  category,
  busy,
  onConfirm,
  onCancel,
}: {
  category: Category;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  if (category.archived)
    return (
      <ConfirmDialog
        title={`Restore ${category.name}?`}
        confirmLabel={busy ? 'Restoring…' : 'Restore category'}
        cancelLabel="Keep archived"
        busy={busy}
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        <p>
          {category.name} is in use again: pets can be added to it and moved to it, and it is
          offered in the pet forms.
        </p>
      </ConfirmDialog>
    );
  return (
    <ConfirmDialog
      title={`Archive ${category.name}?`}
      confirmLabel={busy ? 'Archiving…' : 'Archive category'}
      cancelLabel="Keep in use"
      danger
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        {theirPets(category.petCount)} No pet can be added to {category.name} or moved to it, and
        the pet forms no longer offer it. Nothing is deleted: you can restore it later.
      </p>
    </ConfirmDialog>
  );
}
