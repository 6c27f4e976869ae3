import { describe, expect, it } from '@jest/globals';
import { RedisOutageLog } from './redis-outage-log.js';

function recorder() {
  const lines: string[] = [];
  return {
    lines,
    logger: { log: (m: string) => lines.push(`log ${m}`), warn: (m: string) => lines.push(`warn ${m}`) },
  };
}

describe('RedisOutageLog', () => {
  it('logs the first failure of an outage and its end, not every call in between', () => {
    const { lines, logger } = recorder();
    const outage = new RedisOutageLog(logger, 'limits are off', 'limits are on again');
    outage.answered(0);
    outage.failed(new Error('Command timed out'), 1_000);
    outage.failed(new Error('Connection is closed.'), 1_500);
    outage.failed('not an Error', 2_000);
    outage.answered(4_250);
    outage.answered(5_000);
    expect(lines).toEqual([
      'warn limits are off while Redis does not answer: Command timed out',
      'log limits are on again (Redis answered after 3250 ms)',
    ]);
  });

  it('logs each outage', () => {
    const { lines, logger } = recorder();
    const outage = new RedisOutageLog(logger, 'off', 'on');
    outage.failed('first', 0);
    outage.answered(10);
    outage.failed('second', 20);
    expect(lines).toEqual([
      'warn off while Redis does not answer: first',
      'log on (Redis answered after 10 ms)',
      'warn off while Redis does not answer: second',
    ]);
  });
});
