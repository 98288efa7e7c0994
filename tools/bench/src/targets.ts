/**
 * The bench's targets, read from one variant's rows of the same run: the public `/healthz` against
 * bare NestJS (both from the peers' rotation, measured in the same turns), the keyed list and a
 * create against bare Fastify (on PostgreSQL + Redis the list with the CPU of their processes
 * counted), a photo's image against bare Fastify serving its bytes. Each is a CPU ratio as the
 * report's read: the yardstick's µs per request over ours, so 1 is as cheap as the yardstick and
 * higher is better. Also the upload's limits: its time and the instance's peak RSS.
 */
import { CREATE_PET, HEALTHZ, KEYED_LIST } from './endpoints.js';
import { BARE_NEST, OUR_HEALTHZ_BESIDE_PEERS } from './peers/names.js';
import { SERVE_PHOTO } from './photos.js';
import type { EndpointResult, UploadsReport, VariantReport } from './report.js';

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
  const image = row(SERVE_PHOTO);
  // At most twice bare Fastify's CPU for the same bytes.
  const photo = check(
    `${SERVE_PHOTO} against bare Fastify serving the same bytes`,
    0.5,
    image?.cpuMicrosPerRequest,
    image?.baselineCpuMicrosPerRequest,
  );
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
      photo,
    ];
  return [
    healthz,
    check(
      `${KEYED_LIST} against bare Fastify, the CPU of PostgreSQL and Redis counted`,
      0.2,
      list?.services?.totalMicrosPerRequest,
      list?.baselineCpuMicrosPerRequest,
    ),
    photo,
  ];
}

/** A limit a measurement must stay within (at most `wanted`), met or missed. */
export interface LimitCheck {
  name: string;
  wanted: number;
  measured: number;
  unit: 's' | 'MB';
  met: boolean;
}

/** An upload of a 12 MP JPEG: at most this many seconds (the median of those one after another)… */
export const UPLOAD_SECONDS_MAX = 1.5;
/** …and the instance's RSS at most this many MB at its peak while they ran. */
export const UPLOAD_RSS_MB_MAX = 300;

/** The upload's limits, from the uploads one after another. */
export function checkUploadTargets(uploads: Pick<UploadsReport, 'oneAtATime'>): LimitCheck[] {
  const { medianSeconds, peakRssMb } = uploads.oneAtATime;
  return [
    {
      name: 'an upload (median)',
      wanted: UPLOAD_SECONDS_MAX,
      measured: medianSeconds,
      unit: 's',
      met: medianSeconds <= UPLOAD_SECONDS_MAX,
    },
    {
      name: 'peak RSS while uploading',
      wanted: UPLOAD_RSS_MB_MAX,
      measured: peakRssMb,
      unit: 'MB',
      met: peakRssMb <= UPLOAD_RSS_MB_MAX,
    },
  ];
}
