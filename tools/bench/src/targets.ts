/**
 * The bench's targets, read from one variant's rows of the same run: the public `/healthz` against
 * bare NestJS (both from the peers' rotation, measured in the same turns), the keyed list and a
 * create against bare Fastify (on PostgreSQL + Redis the list with the CPU of their processes
 * counted). Each is a CPU ratio as the report's read: the yardstick's µs per request over ours,
 * so 1 is as cheap as the yardstick and higher is better.
 */
import { CREATE_PET, HEALTHZ, KEYED_LIST } from './endpoints.js';
import { BARE_NEST, OUR_HEALTHZ_BESIDE_PEERS } from './peers/names.js';
import type { EndpointResult, VariantReport } from './report.js';

export interface TargetCheck {
  /** What is compared with what, in words. */
  name: string;
  /** The lowest ratio that meets the target. */
  wanted: number;
  /** The ratio measured (to two decimals); undefined when a row it needs was not measured. */
  ratio: number | undefined;
  /** The CPU µs per request compared: ours and the yardstick's. */
  ours: number | undefined;
  yardstick: number | undefined;
  /** Whether the exact ratio (not the rounded one) is at least the one wanted. */
  met: boolean | undefined;
}

function check(
  name: string,
  wanted: number,
  ours: number | undefined,
  yardstick: number | undefined,
): TargetCheck {
  if (ours === undefined || yardstick === undefined || ours <= 0)
    return { name, wanted, ratio: undefined, ours, yardstick, met: undefined };
  const exact = yardstick / ours;
  return {
    name,
    wanted,
    ratio: Math.round(exact * 100) / 100,
    ours,
    yardstick,
    met: exact >= wanted,
  };
}

/** The targets that apply to the variant, each met, missed or not measured. */
export function checkTargets(
  variant: Pick<VariantReport, 'name' | 'endpoints' | 'peers'>,
): TargetCheck[] {
  const row = (name: string): EndpointResult | undefined =>
    variant.endpoints.find((endpoint) => endpoint.name === name);
  const bareNest = variant.peers?.find((peer) => peer.name === BARE_NEST);
  // Ours beside bare NestJS in the same turns where the peers ran; the endpoints' row otherwise.
  const ourHealthz =
    variant.peers?.find((peer) => peer.name === OUR_HEALTHZ_BESIDE_PEERS) ?? row(HEALTHZ);
  const list = row(KEYED_LIST);
  const create = row(CREATE_PET);
  const healthz = check(
    `${HEALTHZ} against ${BARE_NEST}`,
    0.7,
    ourHealthz?.cpuMicrosPerRequest,
    bareNest?.cpuMicrosPerRequest,
  );
  if (variant.name === 'sqlite')
    return [
      healthz,
      check(
        `${KEYED_LIST} against bare Fastify`,
        0.4,
        list?.cpuMicrosPerRequest,
        list?.baselineCpuMicrosPerRequest,
      ),
      check(
        `${CREATE_PET} against bare Fastify`,
        0.2,
        create?.cpuMicrosPerRequest,
        create?.baselineCpuMicrosPerRequest,
      ),
    ];
  return [
    healthz,
    check(
      `${KEYED_LIST} against bare Fastify, the CPU of PostgreSQL and Redis counted`,
      0.2,
      list?.services?.totalMicrosPerRequest,
      list?.baselineCpuMicrosPerRequest,
    ),
  ];
}
