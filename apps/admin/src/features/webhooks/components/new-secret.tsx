/** A webhook endpoint's signing secret, new or rolled, shown this once to copy. */
import type { ReactNode } from 'react';
import { ShownOnce } from '../../../components/ui/shown-once.js';

/** The secret of an endpoint, shown this once, until dismissed. */
export function NewSecret({
  label,
  secret,
  children,
  onDismiss,
}: {
  /** Names the field: "Signing secret of https://…". */
  label: string;
  secret: string;
  /** What else to know (the old secret's 24 hours, after a roll). */
  children?: ReactNode;
  onDismiss: () => void;
}) {
  return (
    <ShownOnce
      noun="secret"
      kept="Only its first characters are kept."
      label={label}
      value={secret}
      onDismiss={onDismiss}
    >
      {children}
    </ShownOnce>
  );
}
