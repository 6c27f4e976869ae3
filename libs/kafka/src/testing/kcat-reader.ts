import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface KcatRecord {
  partition: number;
  offset: number;
  key: string | null;
  payload: string | null;
}

/**
 * Reads a whole topic with kcat as an independent client (librdkafka, not kafkajs): `-e` exits at the end of
 * every partition, `-J` prints one JSON envelope per record.
 */
export async function readTopicWithKcat(bootstrapServers: string, topic: string): Promise<KcatRecord[]> {
  const { stdout } = await run(
    'kcat',
    ['-C', '-b', bootstrapServers, '-t', topic, '-e', '-o', 'beginning', '-J', '-q'],
    { maxBuffer: 256 * 1024 * 1024, timeout: 30_000 },
  );
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as KcatRecord);
}
