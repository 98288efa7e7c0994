/** How the admin says a call failed: one sentence, and Retry, another way on or the request id. */
import type { ReactNode } from 'react';
import { describeError, isRetryable, requestIdOf } from '../lib/errors.js';
import { CopyButton } from './ui/copy-button.js';

/**
 * A failed call in one plain sentence, with what can be done next: Retry when trying again may
 * work, any other way on (`children`, e.g. Back to the first page), and the request id to copy.
 */
export function ErrorMessage({
  error,
  message,
  onRetry,
  children,
}: {
  error: unknown;
  /** Instead of the usual sentence, when the page knows better what went wrong. */
  message?: string;
  onRetry?: (() => void) | undefined;
  children?: ReactNode;
}) {
  const requestId = requestIdOf(error);
  const retry = onRetry !== undefined && isRetryable(error);
  return (
    <div className="error-message">
      <p className="error">{message ?? describeError(error)}</p>
      {retry || children || requestId ? (
        <div className="actions">
          {retry ? (
            <button type="button" onClick={onRetry}>
              Retry
            </button>
          ) : null}
          {children}
          {requestId ? <CopyButton value={requestId} label="Copy request id" /> : null}
        </div>
      ) : null}
    </div>
  );
}
