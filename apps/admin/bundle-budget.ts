/**
 * A build check of the admin app: fails the build when the JavaScript the browser must load before
 * the first page shows (the entry chunk and its static imports, gzipped) is over its budget.
 */
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What the browser must load before the first page shows: the entry chunk and its static imports. */
export function bundleBudget(limitBytes: number): Plugin {
  return {
    name: 'petstore-bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const initial = new Set<string>([entry.fileName]);
      const queue = [...entry.imports];
      while (queue.length > 0) {
        const name = queue.pop();
        if (name === undefined || initial.has(name)) continue;
        initial.add(name);
        const chunk = chunks.find((item) => item.fileName === name);
        if (chunk) queue.push(...chunk.imports);
      }
      const bytes = chunks
        .filter((chunk) => initial.has(chunk.fileName))
        .reduce((total, chunk) => total + gzipSync(chunk.code, { level: 9 }).length, 0);
      const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;
      const line = `Initial JavaScript: ${kb(bytes)} gzipped in ${initial.size} chunk(s) (budget ${kb(limitBytes)})`;
      if (bytes > limitBytes) this.error(`${line}: over budget`);
      this.info(line);
    },
  };
}
