/**
 * One variant of the bench (SQLite, or PostgreSQL + Redis): its servers started, photo uploads
 * timed and the first page of pets given photos, its endpoints measured in turns with the baseline
 * (a photo's image with its own), the NestJS peers' lists in turns with the same baseline and the
 * targets read from them, the webhook rows on instances of their own, then the fixed-rate, memory
 * and metrics-cost runs of a full bench, and the CPU profiles under `--profile`.
 */
import { chooseEndpoints, endpointsOf, HEALTHZ, KEYED_LIST, READ_PET } from './endpoints.js';
import { fixedRateRun, memoryRun } from './fixed-rate-and-memory.js';
import type { Target } from './measure.js';
import { metricsCost } from './metrics-cost-run.js';
import type { Settings } from './options.js';
import { OUR_HEALTHZ_BESIDE_PEERS } from './peers/names.js';
import { withPeers } from './peers/peers.js';
import {
  chosen,
  EXPANDED_LIST,
  photoEndpoints,
  SERVE_PHOTO,
  UPLOAD_PHOTO,
  uploadRun,
  withPhotoRows,
} from './photos.js';
import { addProfiles } from './profiles.js';
import type { VariantReport } from './report.js';
import { withServers } from './servers.js';
import { checkTargets, checkUploadTargets } from './targets.js';
import { type ApiRuns, measureContenders, measureInTurns } from './turns.js';
import { webhookRows, webhooksChosen } from './webhooks.js';

/** Measures one variant: its part of the report. */
export async function runVariant(
  name: VariantReport['name'],
  settings: Settings,
): Promise<VariantReport> {
  const { report, apiRuns } = await measureVariant(name, settings);
  // The instances have exited: their profiles are written.
  if (settings.profileDir !== undefined) addProfiles(report, apiRuns, settings.profileDir);
  return report;
}

/** Where the photo rows go in the table: the expanded list after the plain one, an image after a read. */
const PHOTO_ROWS_AFTER = { [EXPANDED_LIST]: KEYED_LIST, [SERVE_PHOTO]: READ_PET };

function measureVariant(
  name: VariantReport['name'],
  settings: Settings,
): Promise<{ report: VariantReport; apiRuns: ApiRuns }> {
  return withServers(
    name,
    settings,
    async ({ env, instances, ours, against, baseline, started, services, settle, database }) => {
      const allEndpoints = await endpointsOf(ours, settings.seed);
      const againstEndpoints = against ? await endpointsOf(against, settings.seed) : undefined;
      if (settings.metricsOnly) {
        settle();
        const report: VariantReport = { name, instances, endpoints: [] };
        report.metricsCost = await metricsCost(env, ours.key, started, settings);
        return { report, apiRuns: new Map() };
      }
      const pids = ours.servers.map((server) => server.child.pid ?? 0);
      // Timed on the first instance, fresh from the seed, before any load.
      const first = ours.servers[0];
      const uploads =
        first && chosen(settings.endpoint, UPLOAD_PHOTO)
          ? await uploadRun({ baseUrl: first.baseUrl, key: ours.key }, pids[0] ?? 0, settings)
          : undefined;
      const ourPhotos = await photoEndpoints(ours, settings.endpoint);
      const theirPhotos = against ? await photoEndpoints(against, settings.endpoint) : undefined;
      settle();
      try {
        const rows = withPhotoRows(allEndpoints, ourPhotos.endpoints, PHOTO_ROWS_AFTER);
        const againstRows =
          againstEndpoints &&
          withPhotoRows(againstEndpoints, theirPhotos?.endpoints ?? [], PHOTO_ROWS_AFTER);
        // --endpoint may choose the uploads or the webhook rows alone.
        const endpoints =
          (uploads || webhooksChosen(settings.endpoint)) &&
          !rows.some((endpoint) => chosen(settings.endpoint, endpoint.name))
            ? []
            : chooseEndpoints(rows, settings.endpoint);
        const baselineTarget: Target = { urls: [baseline.url] };
        const { results, apiRuns } = await measureInTurns(
          name,
          endpoints,
          againstRows,
          baselineTarget,
          {
            api: pids,
            against: against?.servers.map((server) => server.child.pid ?? 0) ?? [],
            baseline: [baseline.child.pid ?? 0],
            services,
          },
          settings,
        );
        const report: VariantReport = { name, instances, endpoints: results };
        if (uploads) report.uploads = { ...uploads, targets: checkUploadTargets(uploads) };
        if (settings.peers) {
          const healthz = allEndpoints.find((endpoint) => endpoint.name === HEALTHZ);
          report.peers = await withPeers((peers) =>
            measureContenders(
              [
                ...peers.map((peer) => ({
                  name: peer.name,
                  target: peer.target,
                  pids: [peer.child.pid ?? 0],
                })),
                // The machine's speed drifts by a fifth between rotations minutes apart
                // (docs/team/performance.md): the target's two sides are measured in the same turns.
                ...(healthz
                  ? [{ name: OUR_HEALTHZ_BESIDE_PEERS, target: healthz.target, pids }]
                  : []),
              ],
              baselineTarget,
              baseline.child.pid ?? 0,
              settings,
            ),
          );
          process.stderr.write(`${name}: the NestJS peers done\n`);
        }
        report.targets = checkTargets(report);
        const webhooks = await webhookRows(
          name,
          { env, instances, database, started, services },
          settings,
        );
        if (webhooks) report.webhooks = webhooks;
        if (settings.endpoint !== undefined) return { report, apiRuns };

        const target = allEndpoints[0]?.target ?? baselineTarget;
        report.fixedRate = await fixedRateRun(target, pids, settings);
        report.memory = await memoryRun(target, pids, settings);
        if (name === 'sqlite')
          report.metricsCost = await metricsCost(env, ours.key, started, settings);
        return { report, apiRuns };
      } finally {
        await ourPhotos.stop();
        await theirPhotos?.stop();
      }
    },
  );
}
