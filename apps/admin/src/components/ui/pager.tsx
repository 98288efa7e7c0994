/** The Previous and Next buttons of a paged list, which keep focus on the page as they disable. */
import { useEffect, useRef } from 'react';

/** What the two buttons say. */
export interface PagerNames {
  previous: string;
  next: string;
}

const PAGER_NAMES: PagerNames = { previous: 'Previous', next: 'Next' };

/**
 * Previous and Next. A button that becomes disabled under the keyboard (the last page, a 429)
 * hands focus to the other one, or to `fallback`, instead of dropping it on the page.
 */
export function Pager({
  onPrevious,
  onNext,
  previousDisabled,
  nextDisabled,
  fallback,
  label = 'Pages',
  names = PAGER_NAMES,
}: {
  /** Names this pager apart when a page has two. */
  label?: string | undefined;
  /** The buttons' words, where the list's order says them better: Newer and Older for a log. */
  names?: PagerNames | undefined;
  onPrevious: () => void;
  onNext: () => void;
  previousDisabled: boolean;
  nextDisabled: boolean;
  fallback: () => HTMLElement | null;
}) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const active = document.activeElement;
    if (active !== previous.current && active !== next.current) return;
    if (!(active instanceof HTMLButtonElement) || !active.disabled) return;
    const other = active === next.current ? previous.current : next.current;
    (other && !other.disabled ? other : fallback())?.focus();
  });

  return (
    <nav aria-label={label} className="pager">
      <button type="button" ref={previous} disabled={previousDisabled} onClick={onPrevious}>
        {names.previous}
      </button>
      <button type="button" ref={next} disabled={nextDisabled} onClick={onNext}>
        {names.next}
      </button>
    </nav>
  );
}
