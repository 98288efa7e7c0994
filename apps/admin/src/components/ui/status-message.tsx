/** The sentence that says what the last action did, focused so everyone hears it. */
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The outcome of an action ("Added Rex (id 42)."). Takes focus when it changes, so keyboard and
 * screen reader users land on it.
 */
export function StatusMessage({
  message,
  failed = false,
  children,
}: {
  message: string | null;
  /** The action did not happen: shown as an error. */
  failed?: boolean | undefined;
  /** What to do next, after the sentence (a link, a Copy button). */
  children?: ReactNode;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  return (
    <p
      ref={ref}
      role="status"
      tabIndex={-1}
      className={message ? (failed ? 'status-message failed' : 'status-message') : 'empty'}
    >
      {message}
      {message ? children : null}
    </p>
  );
}
