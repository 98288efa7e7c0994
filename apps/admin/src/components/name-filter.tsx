/**
 * A filter by one thing found by its name (a pet, a partner): typing searches as you type, once
 * the typing pauses; each match is a button; the one chosen shows as a chip with its name and id,
 * removed by its button. The page keeps the chosen id in its address.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useDebounced } from '../lib/debounce.js';
import type { MatchesState, NamedMatch } from '../lib/find-by-name.js';

export function NameFilter({
  label,
  noun,
  chosen,
  useMatches,
  onChoose,
  onClear,
}: {
  /** The field's label: "Pet". */
  label: string;
  /** One of them in a sentence: "pet", "partner". */
  noun: string;
  /** The one filtered by: its id, and its name once known. */
  chosen: { id: number; name: string | undefined } | undefined;
  /** Searches for the text (empty: no search). Called on every render, as a hook. */
  useMatches: (text: string) => MatchesState;
  onChoose: (match: NamedMatch) => void;
  onClear: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<NamedMatch | null>(null);
  const settled = useDebounced(text.trim());
  const { matches, searching, failed } = useMatches(chosen ? '' : settled);
  const input = useRef<HTMLInputElement>(null);
  const remove = useRef<HTMLButtonElement>(null);
  /** Where focus goes once the chip comes or goes: the chip's button, or back to the input. */
  const focusNext = useRef<'chip' | 'input' | null>(null);

  useEffect(() => {
    if (focusNext.current === 'chip') remove.current?.focus();
    if (focusNext.current === 'input') input.current?.focus();
    focusNext.current = null;
  }, [chosen?.id]);

  if (chosen) {
    // Its name once known (the list names it, or it was just chosen); until then its number.
    const name = chosen.name ?? (picked?.id === chosen.id ? picked.name : undefined);
    return (
      <div className="field name-filter">
        <span className="label" id={`${id}-label`}>
          {label}
        </span>
        <span className="chip" role="group" aria-labelledby={`${id}-label`}>
          <span>
            {name === undefined ? `${label} ` : `${name} `}
            <span className="muted">#{chosen.id}</span>
          </span>
          <button
            ref={remove}
            type="button"
            className="chip-remove"
            onClick={() => {
              focusNext.current = 'input';
              setText('');
              onClear();
            }}
          >
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">
              {`Stop filtering by ${noun} ${name ?? `#${chosen.id}`}`}
            </span>
          </button>
        </span>
      </div>
    );
  }

  const typed = settled !== '';
  let status = '';
  if (typed && searching) status = `Looking for ${noun}s…`;
  else if (typed && failed) status = `Could not look for ${noun}s. Type again to retry.`;
  else if (typed && matches?.length === 0) status = `No ${noun} is named “${settled}”.`;
  else if (typed && matches)
    status = `${matches.length} ${matches.length === 1 ? noun : `${noun}s`} found: choose one.`;

  return (
    <div className="field name-filter">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        ref={input}
        id={`${id}-input`}
        type="search"
        autoComplete="off"
        placeholder={`Type a ${noun}'s name`}
        aria-describedby={`${id}-status`}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setText('');
        }}
      />
      <p id={`${id}-status`} className="name-filter-status" aria-live="polite">
        {status}
      </p>
      {typed && matches && matches.length > 0 ? (
        <ul className="name-matches" aria-label={`${label}s found`}>
          {matches.map((match) => (
            <li key={match.id}>
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  focusNext.current = 'chip';
                  setPicked(match);
                  setText('');
                  onChoose(match);
                }}
              >
                {match.name}{' '}
                <span className="muted">
                  #{match.id}
                  {match.detail ? `, ${match.detail}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
