/** The top bar's meter of requests left in the rate limit's window. */
import { useId } from 'react';
import { formatCount } from '../lib/format.js';
import { describeWindow, useRateLimit } from '../lib/rate-limit.js';

/** How many requests are left, from the latest answer: a small status in the top bar. */
export function RateLimitMeter() {
  const { latest } = useRateLimit();
  const id = useId();
  if (!latest) return null;
  const { limit, remaining } = latest;
  return (
    <div className="rate-limit">
      <label htmlFor={id} className="visually-hidden">
        Requests left
      </label>
      <meter
        id={id}
        min={0}
        max={limit}
        low={Math.ceil(limit / 10)}
        optimum={limit}
        value={remaining}
        aria-describedby={`${id}-text`}
      />
      <span id={`${id}-text`}>
        {formatCount(remaining)} of {formatCount(limit)} left {describeWindow(latest)}
      </span>
    </div>
  );
}
