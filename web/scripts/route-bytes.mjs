#!/usr/bin/env node
// Prints, per route of the web app's router, the gzipped bytes of its first load (HTML + the JS and CSS it needs
// before it paints), and fails when the draft room is over its budget. Run after `vite build`
// (`npm run bundle:report` from the repository root builds first).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { firstLoadFiles } from './first-load.mjs';
import { readRouteTable } from './route-table.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webRoot, 'dist');
const manifestFile = path.join(distDir, '.vite', 'manifest.json');
const routerFile = path.join(webRoot, 'src', 'app', 'router.tsx');

/** The budget: the draft room is what users open on a phone at the start of a live draft. */
const BUDGETS = [{ name: 'draft room', test: /^\/draft(\/|$)/, bytes: 200_000 }];

if (!existsSync(manifestFile)) {
  console.error(
    `No ${path.relative(process.cwd(), manifestFile)}: build the web app first (npm run build -w web).`,
  );
  process.exit(2);
}

const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const routes = readRouteTable(readFileSync(routerFile, 'utf8'), routerFile, webRoot);
// Default zlib level, as compression middleware and most servers use.
const gzipped = new Map();
const gzippedSize = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(distDir, file))).length);
  return gzipped.get(file);
};
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

const htmlBytes = gzippedSize('index.html');
const rows = routes.map((route) => {
  const files = firstLoadFiles(manifest, route.modules);
  const js = sum(files.filter((file) => file.endsWith('.js')).map(gzippedSize));
  const css = sum(files.filter((file) => file.endsWith('.css')).map(gzippedSize));
  return { route: route.path, files: files.length, js, css, total: htmlBytes + js + css };
});

const assets = readdirSync(path.join(distDir, 'assets')).filter((file) => /\.(js|css)$/.test(file));
const allAssets = htmlBytes + sum(assets.map((file) => gzippedSize(`assets/${file}`)));

console.log(
  'First load per route, gzipped (HTML + JS + CSS statically reachable from the entry and the route):\n',
);
console.log(
  `${'route'.padEnd(32)}${'files'.padStart(6)}${'html'.padStart(10)}${'js'.padStart(11)}${'css'.padStart(10)}${'total'.padStart(11)}`,
);
for (const row of rows) {
  console.log(
    `${row.route.padEnd(32)}${String(row.files).padStart(6)}${kB(htmlBytes).padStart(10)}${kB(row.js).padStart(11)}` +
      `${kB(row.css).padStart(10)}${kB(row.total).padStart(11)}`,
  );
}
console.log(
  `\nAll of the build (HTML + every JS and CSS file): ${kB(allAssets)} gzipped in ${assets.length + 1} files`,
);

let failed = false;
for (const budget of BUDGETS) {
  const over = rows.filter((row) => budget.test.test(row.route) && row.total > budget.bytes);
  const checked = rows.filter((row) => budget.test.test(row.route));
  if (checked.length === 0) {
    console.error(`No route of the router matches the ${budget.name} budget (${budget.test})`);
    failed = true;
  }
  for (const row of over) {
    console.error(`${row.route} (${budget.name}): ${kB(row.total)} is over the ${kB(budget.bytes)} budget`);
    failed = true;
  }
  if (checked.length > 0 && over.length === 0)
    console.log(`Budget: ${budget.name} within ${kB(budget.bytes)}`);
}
process.exit(failed ? 1 : 0);

function sum(values) {
  return values.reduce((total, value) => total + value, 0);
}
