/**
 * A form field: its label, its control, its hint and its error said as a sentence naming the field.
 */
import { useId, type ReactNode } from 'react';

/** What a labelled control needs: its id, and its message wired to assistive technology. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * An issue as a sentence that names its field: "must be an integer" on "Category id" reads
 * "Category id must be an integer." (the API's and the contract's issues are such fragments).
 */
export function fieldSentence(label: string, issue: string): string {
  const sentence = /^[a-z]/.test(issue) ? `${label} ${issue}` : issue;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** A label, a control, and the control's hint and error message. */
export function Field({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error ? (
        <p id={errorId} className="field-error">
          {fieldSentence(label, error)}
        </p>
      ) : null}
    </div>
  );
}
