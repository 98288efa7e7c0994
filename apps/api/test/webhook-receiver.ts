/**
 * A webhook receiver on loopback for the delivery tests: it verifies each message with the
 * `standardwebhooks` package, keeps what it was sent, and answers with the statuses it is given.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** What the receiver was sent (path, `webhook-id`, body), and whether each signature held. */
export interface Received {
  path: string;
  id: string;
  body: string;
  verified: boolean;
}

/**
 * A receiver on loopback: it answers each request with the next of `answers` (then 200), after
 * the delay `delays` gives its path, or else the next of `waits`, if any.
 */
export class Receiver {
  readonly received: Received[] = [];
  answers: number[] = [];
  /** How long to wait before answering a request to a path, in milliseconds (none by default). */
  readonly delays = new Map<string, number>();
  /** Else how long to wait before answering each request, in the order they come (then none). */
  waits: number[] = [];
  secret = '';
  private server: Server | undefined;

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.take(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  private async take(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = request.headers as Record<string, string>;
    let verified = false;
    try {
      new Webhook(this.secret).verify(body, headers);
      verified = true;
    } catch {
      verified = false;
    }
    this.received.push({
      path: request.url ?? '',
      id: headers['webhook-id'] ?? '',
      body,
      verified,
    });
    const delay = this.delays.get(request.url ?? '') ?? this.waits.shift();
    if (delay !== undefined) await new Promise((resolve) => setTimeout(resolve, delay));
    const status = this.answers.shift() ?? 200;
    response.writeHead(status, status === 302 ? { location: `${this.url}/elsewhere` } : {});
    response.end(status === 200 ? 'thanks' : `status ${status}`);
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
