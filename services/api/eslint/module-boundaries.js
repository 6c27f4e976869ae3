// ESLint blocks that make each API module's public file its only door: code outside services/api/src/modules/<m>/
// (another module, or app-level code such as app.module, the gateway, bootstrap, cli, bench and seed) imports
// modules/<m>/index.js and nothing deeper. Specs and test kits may also use another module's __tests__/ kits,
// which no production code sees. Same approach as web/eslint/feature-boundaries.js: no-restricted-imports regexes,
// one block per module and directory depth, because the regex only sees the import string, not the importing file.
import { readdirSync } from 'node:fs';

const SRC = 'services/api/src';
const MODULES_DIR = new URL('../src/modules/', import.meta.url);
/** Deeper files than this (below the module's root) are still checked for `modules/<m>/...` paths. */
const MAX_DEPTH = 8;
/** Spec files and test kits, which may reach another module's __tests__/ kits. */
const TEST_FILES = '**/{*.spec.ts,__tests__/**/*.ts,test-support/**/*.ts}';

/** The module directories, read when ESLint loads its config, so a new module is covered without editing this. */
export function apiModuleNames() {
  return readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What may follow `<m>/` in an import of another module: its public file, and for tests its __tests__ kits. */
const allowedRest = (tests) => (tests ? '(?!index\\.js$|__tests__/)' : '(?!index\\.js$)');

/**
 * Import paths that enter a module other than `self` (null: the file is in no module) below its index.js, from a
 * file whose relative imports reach services/api/src/modules after `climbs` `../` (null: the file is not in it):
 * - any path with a `modules/<m>/...` segment (`../modules/teams/team.read-model.js` from the cli);
 * - a relative path that climbs exactly to modules/ and enters a sibling (`../../../drafts/draft-stream.js` from
 *   auctions/commands/<use-case>/, `./teams/teams.module.js` from modules/index.ts).
 */
export function crossModulePatterns({ self, climbs, tests }) {
  const other = self ? `(?!${escape(self)}/)` : '';
  const rest = allowedRest(tests);
  const where = self ? `services/api/src/modules/${self}` : 'code outside services/api/src/modules';
  const message =
    `${where} may use another API module only through its public file (modules/<module>/index.js); ` +
    `export what you need from that index.`;
  const patterns = [{ regex: `(^|/)modules/${other}[^/]+/${rest}`, message }];
  if (climbs !== null) {
    const climb = climbs === 0 ? '\\./' : `(\\./)?(\\.\\./){${climbs}}`;
    patterns.push({ regex: `^${climb}${other}(?!\\.\\.?/)[^/]+/${rest}`, message });
  }
  return patterns;
}

const block = (files, options) => [
  {
    files: [files],
    rules: { 'no-restricted-imports': ['error', { patterns: crossModulePatterns(options) }] },
  },
  {
    files: [[files, TEST_FILES]],
    rules: {
      'no-restricted-imports': ['error', { patterns: crossModulePatterns({ ...options, tests: true }) }],
    },
  },
];

export function apiModuleBoundaries() {
  return [
    // App-level code: bootstrap, app.module, gateway, cli, bench, seed, infrastructure, common...
    ...block(`${SRC}/**/*.ts`, { self: null, climbs: null }).map((config) => ({
      ...config,
      ignores: [`${SRC}/modules/**`],
    })),
    // modules/index.ts, the list of feature modules AppModule imports.
    ...block(`${SRC}/modules/*.ts`, { self: null, climbs: 0 }),
    ...apiModuleNames().flatMap((self) =>
      Array.from({ length: MAX_DEPTH + 1 }, (_, depth) =>
        block(`${SRC}/modules/${self}/${'*/'.repeat(depth)}*.ts`, { self, climbs: depth + 1 }),
      ).flat(),
    ),
  ];
}
