/**
 * Tells this instance's webhook delivery worker that a commit wrote events to the outbox, so it
 * hands them out at once rather than at its next look (decisions §22). Other instances still find
 * them when they look: this only makes the instance that wrote them quicker.
 */
import { Injectable } from '@nestjs/common';

@Injectable()
export class OutboxSignal {
  private listener: (() => void) | undefined;

  /** The one listener (the worker); none in the command-line tool. */
  listen(listener: (() => void) | undefined): void {
    this.listener = listener;
  }

  /** After a commit that wrote events: bound, so a transaction runs it once however many it wrote. */
  readonly raise = (): void => {
    this.listener?.();
  };
}
