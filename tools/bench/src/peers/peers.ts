/**
 * The NestJS peers the bench measures beside the API: what NestJS costs bare, and what a
 * team following docs.nestjs.com would build, on Fastify and on Express. Each is a small server of
 * its own (this folder), started for the peers' turns and stopped after them.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Target } from '../measure.js';
import { startListening, stop } from '../servers.js';
import { BARE_NEST, DOCS_NEST_EXPRESS, DOCS_NEST_FASTIFY } from './names.js';

interface PeerSpec {
  name: string;
  /** The server's script, in the built peers' folder. */
  script: string;
  args: string[];
  /** The list, as the peer serves it: the docs peers take the bench's key and `limit`. */
  path: string;
  keyed: boolean;
}

const DOCS_MAIN = 'docs-nest/main.js';
/**
 * The built servers: tools/bench/dist/peers, reached the same way from this file built
 * (dist/peers/peers.js) and from its source under the tests (src/peers/peers.ts).
 */
const BUILT = new URL('../../dist/peers/', import.meta.url);

export const PEER_SPECS: readonly PeerSpec[] = [
  { name: BARE_NEST, script: 'bare-nest.server.js', args: [], path: '/v1/pets', keyed: false },
  {
    name: DOCS_NEST_FASTIFY,
    script: DOCS_MAIN,
    args: ['fastify'],
    path: '/v1/pets?limit=20',
    keyed: true,
  },
  {
    name: DOCS_NEST_EXPRESS,
    script: DOCS_MAIN,
    args: ['express'],
    path: '/v1/pets?limit=20',
    keyed: true,
  },
];

/** A running peer: its process and what the bench sends it. */
export interface Peer {
  name: string;
  child: ChildProcess;
  target: Target;
}

/** Starts every peer (the docs peers seed their databases), hands them to `use`, stops them all. */
export async function withPeers<T>(use: (peers: Peer[]) => Promise<T>): Promise<T> {
  const key = randomBytes(24).toString('base64url');
  const peers: Peer[] = [];
  try {
    for (const spec of PEER_SPECS) {
      const script = fileURLToPath(new URL(spec.script, BUILT));
      const { child, port } = await startListening(script, spec.args, { PEER_API_KEY: key });
      peers.push({
        name: spec.name,
        child,
        target: {
          urls: [`http://127.0.0.1:${port}${spec.path}`],
          ...(spec.keyed ? { headers: { authorization: `Bearer ${key}` } } : {}),
          expectedStatus: 200,
        },
      });
    }
    return await use(peers);
  } finally {
    for (const peer of peers) await stop(peer.child);
  }
}
