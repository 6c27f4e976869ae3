// The Kafka integration tests run against librdkafka's mock cluster, served by Debian's kcat (ARCHITECTURE.md):
// a Kafka-protocol broker without Docker or a JVM. Installed like Chromium: apt-get when root on Debian.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { UserFacingError, log } from './process.mjs';
import { aptInstall } from './services.mjs';

function kcatPath() {
  try {
    return execFileSync('sh', ['-c', 'command -v kcat'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export function ensureKcat() {
  const found = kcatPath();
  if (found) return log(`kcat: ${found}`);
  const debianRoot = fs.existsSync('/etc/debian_version') && process.getuid?.() === 0;
  if (!debianRoot) {
    throw new UserFacingError(
      'The Kafka tests need kcat (its librdkafka mock cluster is their broker). Install it (Debian/Ubuntu: `sudo apt-get install -y kcat`) and run npm test again.',
    );
  }
  log('kcat: not installed, installing with apt-get (Debian package "kcat")');
  aptInstall(['kcat']);
  if (!kcatPath()) throw new UserFacingError('apt-get installed kcat but it is not on PATH.');
  log(`kcat: installed at ${kcatPath()}`);
}
