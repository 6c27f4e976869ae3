// The browser tests drive Debian's Chromium (/usr/bin/chromium). Playwright's own browser download is never used.
import fs from 'node:fs';
import { UserFacingError, log } from './process.mjs';
import { aptInstall } from './services.mjs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return log(`chromium: ${CHROMIUM_PATH}`);
  const debianRoot = fs.existsSync('/etc/debian_version') && process.getuid?.() === 0;
  if (!debianRoot) {
    throw new UserFacingError(
      `The browser tests need Chromium at ${CHROMIUM_PATH}. Install it (Debian/Ubuntu: \`sudo apt-get install -y chromium\`) and run npm test again.`,
    );
  }
  log('chromium: not installed, installing with apt-get (Debian package "chromium")');
  aptInstall(['chromium']);
  if (!fs.existsSync(CHROMIUM_PATH))
    throw new UserFacingError(`apt-get installed chromium but ${CHROMIUM_PATH} is missing.`);
  log(`chromium: installed at ${CHROMIUM_PATH}`);
}
