/** The notice shown after a 429: which limit was reached and when the page carries on. */
import { formatCount, formatWait } from '../lib/format.js';
import { describeWindow, useRateLimit } from '../lib/rate-limit.js';

/**
 * After a 429: which limit was reached, that nothing is sent meanwhile, and when the page carries
 * on by itself. Put it inside an aria-live region.
 */
export function RateLimitNotice({ plan }: { plan?: string | undefined }) {
  const { secondsLeft, reason, latest } = useRateLimit();
  if (secondsLeft === 0) return null;
  const onPlan = plan === undefined ? '' : ` on the ${plan} plan`;
  return (
    <div className="notice" role="note">
      <p>
        <strong>
          {reason === 'api_key_banned'
            ? 'This API key is banned for a while: it kept sending requests after its rate limit was reached.'
            : latest
              ? `Rate limit reached: ${formatCount(latest.limit)} requests ${describeWindow(latest)}${onPlan}.`
              : 'Rate limit reached.'}
        </strong>{' '}
        {/* A timer is not announced at every tick; the sentence is, once. */}
        Nothing is sent for <span role="timer">{formatWait(secondsLeft)}</span>; then the page
        carries on by itself. What you see stays on screen meanwhile.
      </p>
      {reason === 'api_key_banned' ? null : (
        <p className="hint">If this happens often, a plan with higher limits may suit you.</p>
      )}
    </div>
  );
}
