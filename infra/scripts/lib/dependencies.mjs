// Installs node_modules on a fresh clone (or after package-lock.json changed). npm writes
// node_modules/.package-lock.json at the end of every install, so it being older than package-lock.json (or missing)
// means the installed tree does not match the lock file.
import fs from 'node:fs';
import path from 'node:path';
import { log, repoRoot, run } from './process.mjs';

export async function ensureDependencies() {
  const lockFile = path.join(repoRoot, 'package-lock.json');
  const installedMarker = path.join(repoRoot, 'node_modules', '.package-lock.json');
  const installed = statOrNull(installedMarker);
  const wanted = statOrNull(lockFile);
  if (installed && (!wanted || installed.mtimeMs >= wanted.mtimeMs)) {
    log('dependencies: up to date');
    return;
  }
  log(
    installed
      ? 'dependencies: package-lock.json changed, running npm ci'
      : 'dependencies: installing (npm ci)',
  );
  // package.json's allowScripts names the dependencies whose install scripts may run (npm 11 warns about any other).
  await run('npm', ['ci', '--no-audit', '--no-fund']);
}

function statOrNull(file) {
  try {
    return fs.statSync(file);
  } catch {
    return null;
  }
}
