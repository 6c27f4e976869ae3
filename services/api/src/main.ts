import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap.js';
import { ConfigError, configWarnings, loadConfig, type AppConfig } from './config/config.js';
import { credentialsBox } from './seed/credentials-box.js';

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(
        `${error.message}\nFix the variables above (or unset them to use the defaults).\n`,
      );
      process.exit(1);
    }
    throw error;
  }
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return line ? [...lines, line] : lines;
}

async function main(): Promise<void> {
  const config = readConfig();
  const warnings = configWarnings(config);
  if (warnings.length > 0) {
    const lines = warnings.flatMap((warning, index) => [...(index > 0 ? [''] : []), ...wrap(warning, 88)]);
    process.stderr.write(
      `\n${credentialsBox('!!! WARNING: insecure production configuration !!!', lines)}\n\n`,
    );
  }
  const { app, webAppBuilt } = await createApp(config);
  exitCleanlyOnSignals(() => app.close());
  await app.listen(config.port, config.host);

  const logger = new Logger('Main');
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  logger.log(`API listening on ${url}/api (docs at ${url}/api/docs)`);
  if (!webAppBuilt) logger.warn(`No web build in ${config.webDistDir}: ${url}/ explains how to build it`);
}

/** How long closing may take before the process ends anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * SIGTERM/SIGINT close the app (every shutdown hook runs) and then exit with code 0. Nest's enableShutdownHooks
 * re-raises the signal after closing, and a process killed by a signal never writes its `--cpu-prof` profile
 * (bench:capacity --profile). A second signal while closing is ignored: `npm start` forwards the one its process
 * group already got.
 */
function exitCleanlyOnSignals(close: () => Promise<void>): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    // A service that does not answer (Redis down: its clients and BullMQ wait to reconnect before they close) must
    // not keep the process from ending.
    setTimeout(() => {
      process.stderr.write(
        `Shutdown after ${signal} did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s (a service not answering): exiting\n`,
      );
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Shutdown after ${signal} failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, onSignal);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
