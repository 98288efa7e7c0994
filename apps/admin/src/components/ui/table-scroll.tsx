/** A frame that lets a wide table scroll sideways on a narrow screen. */
import type { ReactNode } from 'react';

/** Lets a wide table scroll sideways on a narrow screen; focusable so keys can scroll it too. */
export function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
