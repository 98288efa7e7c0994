/** What the one-time link pages show when their link cannot work. */
import { Link } from 'wouter';

/** A one-time link that cannot work (none in the address, or the API refused it), and a way on. */
export function LinkRefused({ sentence }: { sentence: string }) {
  return (
    <>
      <p role="alert" className="notice">
        {sentence}
      </p>
      <p>
        <Link href="/sign-in">Go to sign in</Link>
      </p>
    </>
  );
}
