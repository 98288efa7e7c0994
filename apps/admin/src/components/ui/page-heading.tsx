/** Each page's heading, which takes focus when the page opens. */
import { useEffect, useRef, type ReactNode } from 'react';

/** The page's h1. Takes focus when the page opens, so a screen reader starts at the new page. */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}
