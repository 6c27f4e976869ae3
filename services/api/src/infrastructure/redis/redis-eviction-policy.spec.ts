import { describe, expect, it } from '@jest/globals';
import { warnWhenRedisMayEvict, type RedisConfigReader } from './redis-eviction-policy.js';

function recorder() {
  const warnings: string[] = [];
  const notes: string[] = [];
  return {
    warnings,
    notes,
    logger: { warn: (m: string) => warnings.push(m), log: (m: string) => notes.push(m) },
  };
}

const answering = (reply: unknown): RedisConfigReader => ({ config: async () => reply });

describe('warnWhenRedisMayEvict', () => {
  it('is silent when Redis never evicts', async () => {
    const { warnings, notes, logger } = recorder();
    expect(await warnWhenRedisMayEvict(answering(['maxmemory-policy', 'noeviction']), logger)).toBe(
      'noeviction',
    );
    expect(warnings).toEqual([]);
    expect(notes).toEqual([]);
  });

  it('warns, naming the policy, when Redis may evict keys', async () => {
    const { warnings, logger } = recorder();
    expect(await warnWhenRedisMayEvict(answering(['maxmemory-policy', 'allkeys-lru']), logger)).toBe(
      'allkeys-lru',
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('allkeys-lru');
    expect(warnings[0]).toContain('noeviction');
  });

  it('reads the RESP3 map form too', async () => {
    const { warnings, logger } = recorder();
    await warnWhenRedisMayEvict(answering({ 'maxmemory-policy': 'volatile-lru' }), logger);
    expect(warnings[0]).toContain('volatile-lru');
  });

  it('tolerates CONFIG being disabled (managed Redis): a note, no failure', async () => {
    const { warnings, notes, logger } = recorder();
    const disabled: RedisConfigReader = {
      config: async () => {
        throw new Error("ERR unknown command 'CONFIG'");
      },
    };
    expect(await warnWhenRedisMayEvict(disabled, logger)).toBeNull();
    expect(warnings).toEqual([]);
    expect(notes[0]).toContain('unknown command');
  });
});
