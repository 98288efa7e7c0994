/**
 * A real SMTP server on a loopback port for tests (smtp-server: no TLS, no authentication), keeping
 * every message it is given, decoded enough to read: the subject, the plain text and the HTML.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's sender and recipients. */
  from: string;
  to: string[];
  /** The message as sent. */
  raw: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailServer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** The next message to arrive after those already taken with it. */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  /** While set, every recipient is refused with `550`. */
  refuse: boolean;
  close(): Promise<void>;
}

/** Splits a MIME entity into its headers (names in lower case, folded lines joined) and body. */
function entity(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decode(body: string, encoding = ''): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString();
  if (/quoted-printable/i.test(encoding))
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

/** The text and HTML parts of a message (multipart/alternative, or a single part). */
function parts(raw: string): { subject: string; text: string; html: string } {
  const { headers, body } = entity(raw);
  const subject = headers.get('subject') ?? '';
  const type = headers.get('content-type') ?? 'text/plain';
  const found = { subject, text: '', html: '' };
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const pieces = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((piece) => entity(piece.replace(/^\r?\n/, '')))
    : [{ headers, body }];
  for (const piece of pieces) {
    const kind = piece.headers.get('content-type') ?? 'text/plain';
    const content = decode(piece.body, piece.headers.get('content-transfer-encoding'));
    if (kind.startsWith('text/html')) found.html = content;
    else if (kind.startsWith('text/plain')) found.text = content;
  }
  return found;
}

/** Starts the server on a free loopback port. */
export async function startMailServer(): Promise<MailServer> {
  const messages: ReceivedMail[] = [];
  let taken = 0;
  const waiting: (() => void)[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuse) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom;
        messages.push({
          from: from === false ? '' : from.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          ...parts(raw),
        });
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get refuse() {
      return state.refuse;
    },
    set refuse(value: boolean) {
      state.refuse = value;
    },
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length <= taken) {
        if (Date.now() > deadline) throw new Error('No mail arrived');
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      const message = messages[taken++];
      if (!message) throw new Error('No mail arrived');
      return message;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
