// Installs node_modules on a fresh clone (or after package-lock.json changed). npm writes
// node_modules/.package-lock.json at the end of every install, so it being older than package-lock.json (or missing)
// means the installed tree does not match the lock file.
import fs from 'node:fs';
import path from 'node:path';
import { log, repoRoot, run } from './process.mjs';

const LOCK_OUT_OF_SYNC = /can only install packages when your package\.json and package-lock\.json/;

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
  // npm 11 skips dependency install scripts by default; argon2 and @swc/core ship prebuilt binaries, so that is fine.
  let outOfSync = false;
  try {
    await run('npm', ['ci', '--no-audit', '--no-fund'], {
      onLine: (line) => (outOfSync ||= LOCK_OUT_OF_SYNC.test(line)),
    });
    return;
  } catch (error) {
    if (!outOfSync) throw error;
  }
  // A lock file written against a registry mirror that only carries some platforms' optional binaries (e.g.
  // @swc/core-darwin-*) lacks those entries, and `npm ci` refuses it. `npm install --no-save` installs the same
  // locked versions, skips what the lock lacks, and leaves package.json and package-lock.json untouched.
  log(
    'dependencies: npm ci rejected the lock file (see above); installing the locked versions with npm install --no-save',
  );
  await run('npm', ['install', '--no-save', '--no-audit', '--no-fund']);
}

function statOrNull(file) {
  try {
    return fs.statSync(file);
  } catch {
    return null;
  }
}
