import { parseDraftEventMessage, type DraftEventMessage } from '@auction/kafka';
import type { KcatRecord } from '@auction/kafka/testing';

export interface DeliveredMessage {
  key: string | null;
  partition: number;
  message: DraftEventMessage;
}

export function decodeKcatRecords(records: readonly KcatRecord[]): DeliveredMessage[] {
  return records.map((record) => ({
    key: record.key,
    partition: record.partition,
    message: parseDraftEventMessage(record.payload),
  }));
}

/**
 * At-least-once, in order: per stream, reading the topic partition by partition, every message is either the
 * next version or a repeat of one already seen (a redelivery after a crash), and in the end every version
 * from 1 to the last is there. Returns the number of distinct events.
 */
export function assertCompleteAndOrdered(delivered: readonly DeliveredMessage[]): number {
  const byStream = new Map<string, number>();
  const problems: string[] = [];
  for (const { message } of delivered) {
    const seen = byStream.get(message.streamId) ?? 0;
    if (message.streamVersion === seen + 1) byStream.set(message.streamId, message.streamVersion);
    else if (message.streamVersion > seen + 1) {
      problems.push(`${message.streamId}: version ${message.streamVersion} arrived after ${seen}`);
    }
  }
  if (problems.length > 0) throw new Error(`out of order or missing:\n${problems.slice(0, 10).join('\n')}`);
  return [...byStream.values()].reduce((sum, versions) => sum + versions, 0);
}
