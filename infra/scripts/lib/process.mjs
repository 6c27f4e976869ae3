// Process helpers for the run/test scripts. Node built-ins only: these run on a fresh clone before `npm ci`.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** An error whose message is meant for the person at the terminal (no stack trace needed). */
export class UserFacingError extends Error {}

export function log(message) {
  process.stdout.write(`[auction] ${message}\n`);
}

/** True when `command` is on PATH. */
export function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Synchronous command with inherited output; throws on failure. For short setup commands (apt-get, npm ci). */
export function runSync(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: repoRoot, env: process.env, ...opts });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new UserFacingError(
      `\`${[cmd, ...args].join(' ')}\` failed (exit ${result.status ?? result.signal}).`,
    );
  }
}

/** Synchronous command whose output we want to read (trimmed stdout), or null when it fails. */
export function capture(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', cwd: repoRoot, ...opts });
  return result.status === 0 ? result.stdout.trim() : null;
}

/**
 * Spawn with inherited stdio and the current environment. Resolves when the command exits 0, rejects otherwise.
 * `opts.onLine(line)` switches to tee mode: stdout/stderr are still written to the terminal as they arrive, and
 * every complete output line is also handed to the callback (used to read Jest's summary lines).
 */
export function run(cmd, args, opts = {}) {
  const { onLine, env = process.env, cwd = repoRoot } = opts;
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: onLine ? ['inherit', 'pipe', 'pipe'] : 'inherit' });
    if (onLine) {
      tee(child.stdout, process.stdout, onLine);
      tee(child.stderr, process.stderr, onLine);
    }
    // Ctrl+C reaches the whole foreground process group already; we only need to not die before the child does.
    const ignore = () => {};
    process.on('SIGINT', ignore);
    child.on('error', (error) => {
      process.off('SIGINT', ignore);
      reject(error);
    });
    child.on('close', (code, signal) => {
      process.off('SIGINT', ignore);
      if (code === 0) resolve();
      else {
        const error = new UserFacingError(
          `\`${[cmd, ...args].join(' ')}\` failed (${signal ?? `exit ${code}`}).`,
        );
        error.exitCode = code ?? 1;
        reject(error);
      }
    });
  });
}

function tee(from, to, onLine) {
  let pending = '';
  from.on('data', (chunk) => {
    to.write(chunk);
    pending += chunk.toString('utf8');
    const lines = pending.split(/\r?\n|\r/);
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  from.on('end', () => {
    if (pending) onLine(pending);
  });
}

/** Env for every Nx invocation: no daemon, no cloud, no TUI; plain output on CI. */
export function nxEnv(extra = {}) {
  const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', ...extra };
  if (process.env.CI && process.env.CI !== 'false') env.FORCE_COLOR = '0';
  return env;
}

/** Entry-point wrapper: prints a clean message for expected failures and exits non-zero. */
export async function main(fn) {
  try {
    await fn();
  } catch (error) {
    if (error instanceof UserFacingError) process.stderr.write(`\n[auction] ${error.message}\n`);
    else process.stderr.write(`\n[auction] unexpected error: ${error?.stack ?? error}\n`);
    process.exit(typeof error?.exitCode === 'number' && error.exitCode > 0 ? error.exitCode : 1);
  }
}
