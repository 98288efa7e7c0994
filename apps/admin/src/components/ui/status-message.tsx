import { useEffect, useRef } from 'react';

/**
 * The outcome of an action ("Added Rex (id 42)."). Takes focus when it changes, so keyboard and
 * screen reader users land on it.
 */
export function StatusMessage({
  message,
  failed = false,
}: {
  message: string | null;
  /** The action did not happen: shown as an error. */
  failed?: boolean;
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
    </p>
  );
}
