/** A small Copy button for a value (a link, a request id), which says whether the copy worked. */
import { useState } from 'react';

/** Copies a value to the clipboard and says so; the value itself stays out of the sentence. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [said, setSaid] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="secondary small"
        title={value}
        onClick={() => {
          navigator.clipboard.writeText(value).then(
            () => {
              setSaid('Copied.');
            },
            () => {
              setSaid(`Could not copy: ${value}`);
            },
          );
        }}
      >
        {label}
      </button>
      <span role="status" className="copied">
        {said}
      </span>
    </>
  );
}
