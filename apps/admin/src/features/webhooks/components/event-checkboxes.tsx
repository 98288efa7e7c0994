/** The event types an endpoint is sent, as checkboxes grouped by what they are about. */
import type { EventType } from '@pets/contract';
import { useId, type Ref } from 'react';
import { fieldSentence } from '../../../components/ui/field.js';
import { EVENT_GROUPS } from '../utils/webhook-words.js';

/**
 * A fieldset of checkboxes, one per event type an endpoint may be sent, in groups (pets,
 * categories, photos, orders), each group with a checkbox for all of it.
 */
export function EventCheckboxes({
  legend,
  selected,
  onChange,
  error,
  firstRef,
}: {
  legend: string;
  selected: readonly EventType[];
  onChange: (selected: EventType[]) => void;
  /** The issue of `events` (the contract's or the API's), said for the whole fieldset. */
  error?: string | undefined;
  /** The first checkbox, focused when the events are refused. */
  firstRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const set = (types: readonly EventType[], checked: boolean) => {
    const next = new Set(selected);
    for (const type of types) {
      if (checked) next.add(type);
      else next.delete(type);
    }
    onChange(EVENT_GROUPS.flatMap((group) => group.types).filter((type) => next.has(type)));
  };
  return (
    <fieldset
      className="event-types"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{legend}</legend>
      <div className="event-groups">
        {EVENT_GROUPS.map((group, index) => {
          const all = group.types.every((type) => selected.includes(type));
          return (
            <fieldset key={group.label} className="event-group">
              <legend>
                <label>
                  <input
                    ref={index === 0 ? firstRef : undefined}
                    type="checkbox"
                    checked={all}
                    onChange={(event) => {
                      set(group.types, event.target.checked);
                    }}
                  />{' '}
                  {group.every}
                </label>
              </legend>
              {group.types.map((type) => (
                <label key={type} className="event-type">
                  <input
                    type="checkbox"
                    checked={selected.includes(type)}
                    onChange={(event) => {
                      set([type], event.target.checked);
                    }}
                  />{' '}
                  <code>{type}</code>
                </label>
              ))}
            </fieldset>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {fieldSentence('Events', error)}
        </p>
      ) : null}
    </fieldset>
  );
}
