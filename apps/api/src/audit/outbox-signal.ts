/**
 * Tells the webhook delivery workers that a commit wrote events to the outbox, so they hand them
 * out at once rather than at their next look (decisions §22): this instance's worker directly, and
 * the other instances' through whatever relays the signal (`OutboxBroadcast`, with Redis). Other
 * instances still find them when they look: this only makes the workers quicker.
 */
import { Injectable } from '@nestjs/common';

@Injectable()
export class OutboxSignal {
  private listener: (() => void) | undefined;
  private relay: (() => void) | undefined;

  /** The one listener (the worker); none in the command-line tool. */
  listen(listener: (() => void) | undefined): void {
    this.listener = listener;
  }

  /** What tells the other instances (none without Redis, and in the command-line tool). */
  relayWith(relay: (() => void) | undefined): void {
    this.relay = relay;
  }

  /** After a commit that wrote events: bound, so a transaction runs it once however many it wrote. */
  readonly raise = (): void => {
    this.listener?.();
    this.relay?.();
  };

  /** Another instance committed events: this instance's listener is told, and nobody else. */
  heard(): void {
    this.listener?.();
  }
}
