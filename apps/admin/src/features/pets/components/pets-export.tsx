/**
 * Export CSV: every pet the list's search, filters and order find (not only this page), saved as
 * a download. While it streams, the rows so far are counted and Cancel stops it; the start and
 * the end are said in a live region.
 */
import { useRef, useState } from 'react';
import { useClient } from '../../../lib/client.js';
import { describeError } from '../../../lib/errors.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { exportPets } from '../api/export-pets.js';
import type { PetsView } from '../utils/pets-search.js';

const FILE_NAME = 'pets.csv';

/** Hands the file to the browser as a download. */
function save(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}

type State =
  { phase: 'idle'; said?: string; failed?: boolean } | { phase: 'running'; rows: number };

const rows = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'pet' : 'pets'}`;

export function PetsExport({ view }: { view: PetsView }) {
  const client = useClient();
  const { blocked } = useRateLimit();
  const [state, setState] = useState<State>({ phase: 'idle' });
  const running = useRef<AbortController>(undefined);

  const start = () => {
    const stop = new AbortController();
    running.current = stop;
    setState({ phase: 'running', rows: 0 });
    let counted = 0;
    exportPets(
      client,
      view,
      (count) => {
        counted = count;
        setState({ phase: 'running', rows: count });
      },
      stop.signal,
    ).then(
      (file) => {
        save(file, FILE_NAME);
        setState({ phase: 'idle', said: `Exported ${rows(counted)} to ${FILE_NAME}.` });
      },
      (error: unknown) => {
        setState(
          stop.signal.aborted
            ? { phase: 'idle', said: `Export cancelled after ${rows(counted)}; nothing saved.` }
            : { phase: 'idle', said: `Export failed. ${describeError(error)}`, failed: true },
        );
      },
    );
  };

  return (
    <div className="export-progress">
      {state.phase === 'running' ? (
        <>
          <span>Exporting… {rows(state.rows)} so far</span>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              running.current?.abort();
            }}
          >
            Cancel export
          </button>
        </>
      ) : (
        <button type="button" className="secondary" disabled={blocked} onClick={start}>
          Export CSV
        </button>
      )}
      <span
        className={state.phase === 'idle' && state.failed ? 'hint failed' : 'hint'}
        role="status"
      >
        {state.phase === 'running' ? 'Exporting the pets these filters find.' : state.said}
      </span>
    </div>
  );
}
