import { describeError } from '../lib/errors.js';

export function ErrorMessage({ error }: { error: unknown }) {
  return <p className="error">{describeError(error)}</p>;
}
