// ESLint blocks that keep each web feature to itself: a file under web/src/features/<a>/ may not import from
// web/src/features/<b>/ (b ≠ a), whether the path is relative or goes through an alias. Shared code lives in
// web/src/shared or web/src/app.
import { readdirSync } from 'node:fs';

const FEATURES_DIR = new URL('../src/features/', import.meta.url);
/** Deeper files than this (below the feature's root) are still checked for `features/<b>` paths. */
const MAX_DEPTH = 8;

/** The feature directories, read when ESLint loads its config, so a new feature is covered without editing this. */
export function webFeatureNames() {
  return readdirSync(FEATURES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Import paths that leave `feature` for another one, from a file `depth` directories below the feature's root:
 * - any path with a `features/<other>` segment (`../../features/draft/x.js`, `@/features/draft`, `src/features/...`);
 * - a relative path that climbs exactly to web/src/features and enters a sibling (`../draft/x.js` from the root,
 *   `../../draft/x.js` from components/).
 */
export function crossFeaturePatterns(feature, depth) {
  const self = escape(feature);
  const message = `web/src/features/${feature} may not import another feature; move what both need to web/src/shared.`;
  return [
    { regex: `(^|/)features/(?!${self}(/|$))[^/]+`, message },
    { regex: `^(\\./)?(\\.\\./){${depth + 1}}(?!${self}(/|$)|\\.\\.?(/|$))[^/]+`, message },
  ];
}

export function webFeatureBoundaries() {
  return webFeatureNames().flatMap((feature) =>
    Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
      files: [`web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': ['error', { patterns: crossFeaturePatterns(feature, depth) }],
      },
    })),
  );
}
