/**
 * The photos section of a pet's page: its photos in order, the first the pet's face; for those who
 * may change the pet, a drop zone (or Choose photos) that uploads each file with its own progress
 * and its own error, Move earlier / Move later / Make face, and Remove after asking.
 */
import { type PetPhoto, PetstoreApiError } from '@pets/client';
import { PHOTO_MEDIA_TYPES, PHOTOS_PER_PET_MAX } from '@pets/contract';
import { useQuery } from '@tanstack/react-query';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { ErrorMessage } from '../../../components/error-message.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { fieldSentence } from '../../../components/ui/field.js';
import { useClient } from '../../../lib/client.js';
import { apiSentence, describeError, isRateLimited } from '../../../lib/errors.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { petPhotosQueryOptions, useMovePetPhoto, useRemovePetPhoto } from '../api/pet-photos.js';
import { photoFileIssue, useUploadPetPhoto } from '../api/upload-pet-photo.js';
import { photoAlt } from '../utils/pet-photo.js';
import { PhotoImage } from './photo-image.js';

/** One file on its way: how far it got, and what became of it. */
interface Upload {
  key: number;
  name: string;
  /** From 0 to 1 while it is sent; `undefined` while it waits its turn. */
  sent: number | undefined;
  state: 'waiting' | 'sending' | 'added' | 'failed';
  /** Why it was not added. */
  reason?: string;
}

/** How often an upload is tried again when the API is too busy to start it (503). */
const BUSY_RETRIES = 2;

const wait = (seconds: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, seconds * 1000);
  });

/** Why the API refused a file, as a sentence: the image's own issue when it said one. */
function refusalOf(error: unknown): string {
  const issue =
    error instanceof PetstoreApiError
      ? error.details.find((detail) => detail.field === 'body')?.issue
      : undefined;
  if (issue !== undefined) return fieldSentence('The file', issue);
  return isRateLimited(error) ? describeError(error) : apiSentence(error);
}

/** What an upload shows now: its progress, or what became of it. */
function UploadRow({ upload }: { upload: Upload }) {
  const id = useId();
  return (
    <li className={`upload upload-${upload.state}`}>
      <span id={id} className="upload-name">
        {upload.name}
      </span>
      {upload.state === 'failed' ? (
        <p className="error">Not added. {upload.reason}</p>
      ) : (
        <>
          <progress
            aria-labelledby={id}
            max={1}
            // Sent in full, the photo is being made: no fraction to show.
            value={
              upload.state === 'added' ? 1 : upload.sent === 1 ? undefined : (upload.sent ?? 0)
            }
          />
          <span className="upload-state">
            {upload.state === 'waiting'
              ? 'Waiting'
              : upload.state === 'added'
                ? 'Added'
                : upload.sent === 1
                  ? 'Processing…'
                  : `${String(Math.round((upload.sent ?? 0) * 100))}%`}
          </span>
        </>
      )}
    </li>
  );
}

export function PetPhotos({
  petId,
  petName,
  breed,
  canEdit,
}: {
  petId: number;
  petName: string;
  breed: string | null | undefined;
  canEdit: boolean;
}) {
  const client = useClient();
  const { blocked } = useRateLimit();
  const photos = useQuery({ ...petPhotosQueryOptions(client, petId), enabled: !blocked });
  const upload = useUploadPetPhoto(petId);
  const move = useMovePetPhoto(petId);
  const remove = useRemovePetPhoto(petId);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [overflow, setOverflow] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [removing, setRemoving] = useState<PetPhoto | null>(null);
  const [said, setSaid] = useState<{ text: string; failed?: boolean } | null>(null);
  const [focusAfter, setFocusAfter] = useState<{ id: number; first: string } | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const nextKey = useRef(0);
  const status = useRef<HTMLParagraphElement>(null);
  const inputId = useId();

  const shown = photos.data?.data ?? [];
  const pending = uploads.filter((item) => item.state === 'waiting' || item.state === 'sending');
  const room = PHOTOS_PER_PET_MAX - shown.length - pending.length;
  const full = room <= 0;

  // After a move, the moved photo's button keeps the focus (or its neighbour, now at an end).
  useEffect(() => {
    if (!focusAfter) return;
    const ids = [focusAfter.first, 'earlier', 'later', 'face'].map(
      (action) => `photo-${String(focusAfter.id)}-${action}`,
    );
    const target = ids
      .map((id) => document.getElementById(id))
      .find((element): element is HTMLButtonElement =>
        element instanceof HTMLButtonElement ? !element.disabled : false,
      );
    target?.focus();
    setFocusAfter(null);
  }, [focusAfter, photos.data]);

  const change = (key: number, next: Partial<Upload>) => {
    setUploads((all) => all.map((item) => (item.key === key ? { ...item, ...next } : item)));
  };

  /** Sends one file, trying again when the API says it is too busy to start. */
  const send = async (key: number, file: File) => {
    change(key, { state: 'sending', sent: 0 });
    for (let attempt = 0; ; attempt++) {
      try {
        await upload.mutateAsync({
          file,
          onProgress: (sent) => {
            change(key, { sent });
          },
        });
        change(key, { state: 'added', sent: 1 });
        return;
      } catch (error) {
        if (error instanceof PetstoreApiError && error.status === 503 && attempt < BUSY_RETRIES) {
          change(key, { sent: 0 });
          await wait(error.retryAfter ?? 1);
          continue;
        }
        change(key, { state: 'failed', reason: refusalOf(error) });
        return;
      }
    }
  };

  /** Takes the files chosen or dropped: as many as there is room for, each on its way in turn. */
  const add = (files: readonly File[]) => {
    if (files.length === 0) return;
    setSaid(null);
    const taken = files.slice(0, Math.max(0, room));
    const left = files.length - taken.length;
    setOverflow(
      left === 0
        ? null
        : `A pet has at most ${String(PHOTOS_PER_PET_MAX)} photos: ${String(left)} ${left === 1 ? 'file was' : 'files were'} not added.`,
    );
    const batch = taken.map((file): [Upload, File] => {
      const issue = photoFileIssue(file);
      nextKey.current += 1;
      return [
        {
          key: nextKey.current,
          name: file.name,
          sent: undefined,
          ...(issue === undefined
            ? { state: 'waiting' as const }
            : { state: 'failed' as const, reason: fieldSentence('The file', issue) }),
        },
        file,
      ];
    });
    // Those of the last batch that are done make way; those still on their way stay.
    setUploads((all) => [
      ...all.filter((item) => item.state === 'waiting' || item.state === 'sending'),
      ...batch.map(([item]) => item),
    ]);
    for (const [item, file] of batch)
      if (item.state === 'waiting') queue.current = queue.current.then(() => send(item.key, file));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (canEdit && !full) add([...event.dataTransfer.files]);
  };

  const moveTo = (photo: PetPhoto, position: number, first: string) => {
    setSaid(null);
    move.mutate(
      { photo, position },
      {
        onSuccess: () => {
          setSaid({
            text:
              position === 1
                ? `Photo ${String(photo.position)} is now ${petName}’s face.`
                : `Photo ${String(photo.position)} moved to ${String(position)}.`,
          });
          setFocusAfter({ id: photo.id, first });
        },
        onError: (error) => {
          setSaid({ text: `The photo was not moved. ${describeError(error)}`, failed: true });
        },
      },
    );
  };

  const busy = move.isPending || remove.isPending || blocked;

  return (
    <>
      {photos.isError && !isRateLimited(photos.error) ? (
        <ErrorMessage
          error={photos.error}
          onRetry={() => {
            void photos.refetch();
          }}
        />
      ) : photos.data === undefined ? (
        <p className="loading">Loading the photos…</p>
      ) : shown.length === 0 ? (
        <p className="muted">No photos yet.</p>
      ) : (
        <ol className="photo-grid" aria-label={`Photos of ${petName}`}>
          {shown.map((photo) => (
            <li key={photo.id} className="photo-card">
              <PhotoImage
                photo={photo}
                alt={photoAlt(petName, breed, photo.position, shown.length)}
                sizes="(max-width: 37.5rem) 45vw, 14rem"
                widths={['small', 'medium', 'large']}
                className="photo-tile"
              />
              {photo.position === 1 ? <span className="face-mark">Face</span> : null}
              {canEdit ? (
                <div className="photo-actions">
                  <button
                    type="button"
                    id={`photo-${String(photo.id)}-earlier`}
                    aria-label={`Move earlier: photo ${String(photo.position)}`}
                    className="secondary"
                    disabled={busy || photo.position === 1}
                    onClick={() => {
                      moveTo(photo, photo.position - 1, 'earlier');
                    }}
                  >
                    Move earlier
                  </button>
                  <button
                    type="button"
                    id={`photo-${String(photo.id)}-later`}
                    aria-label={`Move later: photo ${String(photo.position)}`}
                    className="secondary"
                    disabled={busy || photo.position === shown.length}
                    onClick={() => {
                      moveTo(photo, photo.position + 1, 'later');
                    }}
                  >
                    Move later
                  </button>
                  {photo.position === 1 ? null : (
                    <button
                      type="button"
                      id={`photo-${String(photo.id)}-face`}
                      aria-label={`Make face: photo ${String(photo.position)}`}
                      className="secondary"
                      disabled={busy}
                      onClick={() => {
                        moveTo(photo, 1, 'later');
                      }}
                    >
                      Make face
                    </button>
                  )}
                  <button
                    type="button"
                    className="link danger"
                    disabled={busy}
                    onClick={() => {
                      setRemoving(photo);
                    }}
                  >
                    Remove
                    <span className="visually-hidden"> photo {photo.position}</span>
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        className={said ? (said.failed ? 'status-message failed' : 'status-message') : 'empty'}
      >
        {said?.text}
      </p>

      {canEdit ? (
        <>
          <div
            className={`drop-zone${dragging ? ' dragging' : ''}${full ? ' full' : ''}`}
            onDragOver={(event) => {
              event.preventDefault();
              event.dataTransfer.dropEffect = full ? 'none' : 'copy';
            }}
            onDragEnter={() => {
              setDragging(true);
            }}
            onDragLeave={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null))
                setDragging(false);
            }}
            onDrop={onDrop}
          >
            <p className="drop-words">
              {full
                ? `${petName} has ${String(PHOTOS_PER_PET_MAX)} photos, the most a pet may have: remove one to add another.`
                : 'Drop photos here (JPEG, PNG, WebP or AVIF, up to 15 MiB each), or'}
            </p>
            <input
              id={inputId}
              className="visually-hidden"
              type="file"
              multiple
              accept={PHOTO_MEDIA_TYPES.join(',')}
              disabled={full || blocked}
              onChange={(event) => {
                add([...(event.target.files ?? [])]);
                // The same file may be chosen again (after a refusal, say).
                event.target.value = '';
              }}
            />
            <label htmlFor={inputId} className="choose-files">
              Choose photos
            </label>
            <p className="hint">
              {`${String(shown.length)} of ${String(PHOTOS_PER_PET_MAX)} photos. The first is ${petName}’s face in lists.`}
            </p>
          </div>
          <div aria-live="polite">
            {overflow ? <p className="error">{overflow}</p> : null}
            {uploads.length > 0 ? (
              <ul className="uploads" aria-label="Uploads">
                {uploads.map((item) => (
                  <UploadRow key={item.key} upload={item} />
                ))}
              </ul>
            ) : null}
          </div>
        </>
      ) : null}

      {removing ? (
        <ConfirmDialog
          title={`Remove photo ${String(removing.position)} of ${petName}?`}
          confirmLabel="Remove photo"
          danger
          busy={remove.isPending}
          onCancel={() => {
            setRemoving(null);
          }}
          onConfirm={() => {
            const photo = removing;
            setRemoving(null);
            remove.mutate(photo, {
              onSuccess: () => {
                setSaid({ text: `Removed photo ${String(photo.position)} of ${petName}.` });
                status.current?.focus();
              },
              onError: (error) => {
                setSaid({
                  text: `The photo was not removed. ${describeError(error)}`,
                  failed: true,
                });
                status.current?.focus();
              },
            });
          }}
        >
          <p>It is no longer shown anywhere, within a few seconds on partners' pages too.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
