/**
 * The categories, a page at a time (the page in the address, `?cursor=…`, with Previous and Next):
 * each name, how many pets it has and whether it is archived, with Rename and Archive or Restore
 * (after a confirmation that says what it does). On a phone each row stacks into a card.
 */
import type { Category } from '@pets/client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { PagedTable } from '../../../components/paged-table.js';
import { useClient } from '../../../lib/client.js';
import { useCursorPaging } from '../../../lib/cursor-paging.js';
import { describeError, isRateLimited } from '../../../lib/errors.js';
import { useRowButtons } from '../../../lib/row-buttons.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { listCategoriesQueryOptions } from '../api/list-categories.js';
import { useUpdateCategory } from '../api/update-category.js';
import { ConfirmArchive } from './confirm-archive.js';
import { RenameCategory } from './rename-category.js';

/** The columns, named once: their header cells, and each cell's label when rows stack on a phone. */
const COLUMN = {
  pets: 'Pets',
  status: 'Status',
} as const;

type Action = 'rename' | 'archive';

function CategoryRow({
  category,
  busy,
  buttonRef,
  onAction,
}: {
  category: Category;
  busy: boolean;
  buttonRef: (action: Action, button: HTMLButtonElement | null) => void;
  onAction: (action: Action) => void;
}) {
  return (
    <tr>
      <th scope="row">{category.name}</th>
      <td data-label={COLUMN.pets}>{category.petCount}</td>
      <td data-label={COLUMN.status}>
        {category.archived ? <span className="tag">Archived</span> : 'In use'}
      </td>
      <td className="stacked-actions">
        <span className="row-actions">
          <button
            ref={(button) => {
              buttonRef('rename', button);
            }}
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => {
              onAction('rename');
            }}
          >
            Rename <span className="visually-hidden">{category.name}</span>
          </button>
          <button
            ref={(button) => {
              buttonRef('archive', button);
            }}
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => {
              onAction('archive');
            }}
          >
            {category.archived ? 'Restore' : 'Archive'}{' '}
            <span className="visually-hidden">{category.name}</span>
          </button>
        </span>
      </td>
    </tr>
  );
}

export function CategoriesTable({
  labelledBy,
  current,
  onAction,
}: {
  labelledBy: string;
  /** Whether this table's outcome is the page's latest (else it is not shown). */
  current: boolean;
  /** Called as an action starts here. */
  onAction: () => void;
}) {
  const client = useClient();
  const { blocked } = useRateLimit();
  const paging = useCursorPaging();
  const categories = useQuery({
    ...listCategoriesQueryOptions(client, paging.cursor),
    enabled: !blocked,
  });
  const update = useUpdateCategory();
  const [renaming, setRenaming] = useState<Category | null>(null);
  const [archiving, setArchiving] = useState<Category | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const buttons = useRowButtons<string>();
  const busy = update.isPending || blocked;

  /** Back to a row's button once the dialog that covered it (and made the page inert) is gone. */
  const backTo = (category: Category, action: Action, close: () => void) => {
    flushSync(close);
    buttons.focus(`${action}-${category.id}`);
  };

  const confirmArchive = (category: Category) => {
    setMessage(null);
    setFailure(null);
    const archived = !category.archived;
    update.mutate(
      { category, patch: { archived } },
      {
        onSuccess: () => {
          setArchiving(null);
          setMessage(
            archived
              ? `Archived ${category.name}: its pets keep it, and no pet can be added to it.`
              : `Restored ${category.name}: pets can be added to it again.`,
          );
        },
        onError: (error) => {
          backTo(category, 'archive', () => {
            setArchiving(null);
            if (!isRateLimited(error)) setFailure(describeError(error));
          });
        },
      },
    );
  };

  return (
    <>
      <PagedTable
        list={categories}
        paging={paging}
        labelledBy={labelledBy}
        pagerLabel="Pages of categories"
        says={{
          loading: 'Loading categories…',
          empty: 'There are no categories yet.',
          noMore: 'No more categories.',
        }}
        columns={['Name', COLUMN.pets, COLUMN.status]}
        actions
        row={(category) => (
          <CategoryRow
            key={category.id}
            category={category}
            busy={busy}
            buttonRef={(action, button) => {
              buttons.refFor(`${action}-${category.id}`)(button);
            }}
            onAction={(action) => {
              onAction();
              setMessage(null);
              setFailure(null);
              if (action === 'rename') setRenaming(category);
              else setArchiving(category);
            }}
          />
        )}
        failure={current ? failure : null}
        message={current ? message : null}
      />
      {renaming ? (
        <RenameCategory
          category={renaming}
          onRenamed={(renamed) => {
            setRenaming(null);
            setMessage(`Renamed ${renaming.name} to ${renamed.name}.`);
          }}
          onClose={() => {
            backTo(renaming, 'rename', () => {
              setRenaming(null);
            });
          }}
        />
      ) : null}
      {archiving ? (
        <ConfirmArchive
          category={archiving}
          busy={busy}
          onConfirm={() => {
            confirmArchive(archiving);
          }}
          onCancel={() => {
            backTo(archiving, 'archive', () => {
              setArchiving(null);
            });
          }}
        />
      ) : null}
    </>
  );
}
