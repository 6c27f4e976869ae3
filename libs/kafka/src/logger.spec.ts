import { describe, expect, it } from '@jest/globals';
import { createLogger } from './logger.js';

describe('createLogger', () => {
  it('is a pino logger named after the process, at LOG_LEVEL, info when the level is unknown', () => {
    const logger = createLogger('relay', 'warn');
    expect(logger.level).toBe('warn');
    expect(logger.bindings()).toEqual({ name: 'relay' });
    expect(createLogger('ops', ' DEBUG ').level).toBe('debug');
    expect(createLogger('ops', 'chatty').level).toBe('info');
    expect(createLogger('ops', 'silent').level).toBe('silent');
  });
});
