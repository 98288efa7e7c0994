import { formatWait } from '../lib/format.js';
import { useRateLimit } from '../lib/rate-limit.js';

/** After a 429: why nothing is sent, and for how long. Put it inside an aria-live region. */
export function RateLimitNotice() {
  const { secondsLeft, reason } = useRateLimit();
  if (secondsLeft === 0) return null;
  return (
    <p className="error">
      {reason === 'api_key_banned'
        ? 'This API key is banned for a while for sending requests while rate limited.'
        : 'Too many requests.'}{' '}
      {/* A timer is not announced at every tick; the sentence is, once. */}
      Try again in <span role="timer">{formatWait(secondsLeft)}</span>.
    </p>
  );
}
