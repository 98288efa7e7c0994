/**
 * The documentation holds together: every relative link, image and anchor in README.md and docs/
 * leads somewhere, every repository path they name exists, code comments point at pages that exist,
 * and the README stays a first read (docs/team/development.md says where each kind of text goes).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import { marked, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const README_MAX_LINES = 250;

/** The repository's files, tracked or new, without what git ignores (builds, installs). */
const repoFiles = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\0')
  .filter((file) => file && existsSync(join(root, file)))
  .sort();

/** Every file under `dir` (relative to the root) whose name ends with `suffix`. */
const filesUnder = (dir: string, suffix: string): string[] =>
  repoFiles.filter((file) => file.startsWith(`${dir}/`) && file.endsWith(suffix));

const pages = ['README.md', ...filesUnder('docs', '.md')];

/** A page's tokens, with each one visited (lists, tables and links included). */
function tokensOf(page: string): Token[] {
  const tokens = marked.lexer(readFileSync(join(root, page), 'utf8'));
  const all: Token[] = [];
  // Synchronous here: the callback returns nothing to wait for.
  void marked.walkTokens(tokens, (token) => {
    all.push(token);
  });
  return all;
}

/** The text a heading shows, as GitHub makes its anchor from it. */
function plainText(tokens: Token[] | undefined): string {
  return (tokens ?? [])
    .map((token) => {
      if ('tokens' in token && token.tokens) return plainText(token.tokens);
      if (token.type === 'codespan' || token.type === 'text' || token.type === 'escape') {
        return (token as Tokens.Codespan).text;
      }
      return '';
    })
    .join('');
}

const anchorCache = new Map<string, Set<string>>();

/** The anchors a markdown page offers: its headings' slugs and any explicit `id`s. */
function anchorsOf(page: string): Set<string> {
  let anchors = anchorCache.get(page);
  if (anchors) return anchors;
  anchors = new Set();
  const slugger = new GithubSlugger();
  for (const token of tokensOf(page)) {
    if (token.type === 'heading')
      anchors.add(slugger.slug(plainText((token as Tokens.Heading).tokens)));
    if (token.type === 'html') {
      for (const match of token.raw.matchAll(/\b(?:id|name)="([^"]+)"/g))
        anchors.add(match[1] ?? '');
    }
  }
  anchorCache.set(page, anchors);
  return anchors;
}

/** What is wrong with a relative link from `page` to `href`, or undefined when it leads somewhere. */
function brokenLink(page: string, href: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return undefined;
  const [path, anchor] = href.split('#', 2) as [string, string | undefined];
  const target = path === '' ? page : relative(root, resolve(root, dirname(page), decodeURI(path)));
  if (target.startsWith('..')) return `${href} leaves the repository`;
  if (!existsSync(join(root, target))) return `${href}: no ${target}`;
  if (anchor !== undefined && target.endsWith('.md') && statSync(join(root, target)).isFile()) {
    if (!anchorsOf(target).has(anchor)) return `${href}: ${target} has no heading #${anchor}`;
  }
  return undefined;
}

/** Whether git ignores `path`: a build's output (`apps/api/dist/bundle/main.js`) is named, not kept. */
function ignored(path: string): boolean {
  try {
    // A folder's pattern (`dist/`) matches only a name that says it is a folder.
    execFileSync('git', ['check-ignore', '--no-index', path, `${path}/`], {
      cwd: root,
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}

/** A repository path named in code (`apps/api/src/main.ts`), without a line number. */
const REPO_PATH = /^(?:apps|libs|tools|docs|\.ci)\/[\w.@/-]+$/;

describe('README.md and docs/', () => {
  it('has pages for every reader', () => {
    for (const folder of ['partners', 'staff', 'operators', 'team']) {
      expect(filesUnder(`docs/${folder}`, '.md').length, folder).toBeGreaterThan(0);
    }
  });

  it(`keeps the README a first read: at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('links only to files, images and headings that exist', () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const token of tokensOf(page)) {
        const hrefs: string[] = [];
        if (token.type === 'link' || token.type === 'image') {
          hrefs.push((token as Tokens.Link | Tokens.Image).href);
        }
        if (token.type === 'html') {
          for (const match of token.raw.matchAll(/\b(?:href|src)="([^"]+)"/g))
            hrefs.push(match[1] ?? '');
        }
        for (const href of hrefs) {
          const problem = brokenLink(page, href);
          if (problem) broken.push(`${page}: ${problem}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    const missing: string[] = [];
    for (const page of pages) {
      for (const token of tokensOf(page)) {
        if (token.type !== 'codespan') continue;
        const path = (token as Tokens.Codespan).text.replace(/:\d+(-\d+)?$/, '');
        if (REPO_PATH.test(path) && !existsSync(join(root, path)) && !ignored(path)) {
          missing.push(`${page}: ${path}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('code comments', () => {
  const sources = ['apps', 'libs', 'tools']
    .flatMap((dir) => ['.ts', '.tsx', '.mjs'].flatMap((suffix) => filesUnder(dir, suffix)))
    .concat(['eslint.config.js', ...filesUnder('.ci', '')]);

  it('point at pages and headings in docs/ that exist', () => {
    const broken: string[] = [];
    for (const file of sources) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const match of text.matchAll(/\bdocs\/[\w/-]+\.md(?:#[\w-]+)?/g)) {
        const problem = brokenLink('README.md', match[0]);
        if (problem) broken.push(`${file}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('point at docs/, not at README headings that come and go', () => {
    const stale = sources.filter((file) =>
      /README:[ ]/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(stale).toEqual([]);
  });
});

describe('the repository', () => {
  it('speaks of the product: no file names an issue number', () => {
    const text = repoFiles.filter(
      (file) => !file.endsWith('package-lock.json') && !file.endsWith('.png'),
    );
    const naming = text.filter((file) =>
      /\bissues? #?\d+\b/i.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(naming).toEqual([]);
  });
});
