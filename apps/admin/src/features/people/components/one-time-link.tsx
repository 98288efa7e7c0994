/**
 * A link that works once (an invitation, a password reset), shown this once as the API keeps only
 * its hash: whom to send it to and until when it works, the link to copy, and Done once sent.
 */
import { CopyButton } from '../../../components/ui/copy-button.js';
import { SecretField } from '../../../components/ui/secret-field.js';
import { formatDateTime } from '../../../lib/format.js';

export function OneTimeLink({
  label,
  link,
  to,
  expiresAt,
  then = '.',
  className = 'new-key',
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
