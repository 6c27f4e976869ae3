import { spawn, type ChildProcess } from 'node:child_process';

export interface MockCluster {
  /** Comma-separated host:port of the mock brokers, for KAFKA_BROKERS. */
  bootstrapServers: string;
  /** Freezes every broker (SIGSTOP): connections stay open but nothing answers, like a hung broker. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

const BOOTSTRAP = /bootstrap\.servers=(\S+)/;

/**
 * librdkafka's mock cluster, served by Debian's kcat (ARCHITECTURE.md): a Kafka-protocol broker set with
 * produce, fetch, metadata, offsets and consumer groups, topics auto-created, all in kcat's memory. kcat
 * prints the brokers' addresses on stderr with `-d mock` and then logs every request there, so stderr is
 * drained for as long as it runs (a full pipe would stall the brokers).
 */
export function startMockCluster(brokers = 3, timeoutMs = 10_000): Promise<MockCluster> {
  const child = spawn(
    'kcat',
    ['-b', '127.0.0.1:1', '-C', '-t', 'warmup', '-X', `test.mock.num.brokers=${brokers}`, '-d', 'mock'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let seen = '';
    let ready = false;
    const timer = setTimeout(
      () => fail(new Error(`kcat printed no bootstrap.servers within ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.once('error', (error) =>
      fail(new Error(`could not run kcat (apt-get install -y kcat): ${error.message}`)),
    );
    child.once('exit', (code) =>
      fail(new Error(`kcat exited (${code}) before the mock cluster was up: ${seen}`)),
    );
    child.stderr!.on('data', (chunk: Buffer) => {
      if (ready) return;
      seen += chunk.toString();
      const match = BOOTSTRAP.exec(seen);
      if (!match) {
        seen = seen.slice(-4_096);
        return;
      }
      ready = true;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve(handle(child, match[1]!));
    });
    function fail(error: Error) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    }
  });
}

function handle(child: ChildProcess, bootstrapServers: string): MockCluster {
  return {
    bootstrapServers,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    stop: () => stopProcess(child),
  };
}

/** SIGKILL (a stopped process ignores SIGTERM until continued) and wait for the exit. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
