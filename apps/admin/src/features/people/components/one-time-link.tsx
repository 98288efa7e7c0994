/**
 * A link that works once (an invitation, a password reset): without a mail server, shown this once
 * as the API keeps only its hash: whom to send it to and until when it works, the link to copy,
 * and Done once sent. With one, only where the API sent it ({@link LinkSent}).
 */
import { useEffect, useRef } from 'react';
import { CopyButton } from '../../../components/ui/copy-button.js';
import { SecretField } from '../../../components/ui/secret-field.js';
import { formatDateTime } from '../../../lib/format.js';

export function OneTimeLink({
  label,
  link,
  to,
  expiresAt,
  then = '.',
  className = 'shown-once',
  onDismiss,
}: {
  /** Names the link's field: "Invitation link for ann@example.com". */
  label: string;
  link: string;
  /** Whom to send it to. */
  to: string;
  expiresAt: string;
  /** What follows the time it works until, from its punctuation on. */
  then?: string;
  className?: string;
  onDismiss: () => void;
}) {
  return (
    <div className={className}>
      <p className="warning">
        <strong>Copy this link now: it is shown once.</strong> Nothing is e-mailed: send it to {to}{' '}
        yourself. It works once, until <time dateTime={expiresAt}>{formatDateTime(expiresAt)}</time>
        {then}
      </p>
      <SecretField label={label} value={link} />
      <div className="actions">
        <CopyButton value={link} label="Copy link" />
        <button type="button" className="secondary" onClick={onDismiss}>
          Done, I have sent it
        </button>
      </div>
    </div>
  );
}

/**
 * A link the API e-mailed to its person (with a mail server): nobody else ever sees it, so there
 * is nothing to copy, only where it went and until when it works.
 */
export function LinkSent({
  sentence,
  expiresAt,
  className = 'shown-once',
  onDismiss,
}: {
  /** "Invitation sent to ann@example.com." */
  sentence: string;
  expiresAt: string;
  className?: string;
  onDismiss: () => void;
}) {
  // Focus moves here, as it does to a link shown: the sentence is read, Done is next.
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    done.current?.focus();
  }, []);
  return (
    <div className={className}>
      <p role="status">
        <strong>{sentence}</strong> The link works once, until{' '}
        <time dateTime={expiresAt}>{formatDateTime(expiresAt)}</time>.
      </p>
      <div className="actions">
        <button ref={done} type="button" className="secondary" onClick={onDismiss}>
          Done
        </button>
      </div>
    </div>
  );
}
