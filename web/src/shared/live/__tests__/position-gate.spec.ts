import { describe, expect, it } from '@jest/globals';
import { createPositionGate } from '../position-gate.js';

describe('position gate', () => {
  it('lets each newer position through once and drops duplicates and older ones', () => {
    const gate = createPositionGate();
    expect(gate.accept('10')).toBe(true);
    expect(gate.accept('10')).toBe(false);
    expect(gate.accept('9')).toBe(false);
    expect(gate.accept('11')).toBe(true);
    expect(gate.last).toBe(11n);
  });

  it('orders positions as numbers, not as text, beyond the safe integer range', () => {
    const gate = createPositionGate();
    expect(gate.accept('9')).toBe(true);
    expect(gate.accept('10')).toBe(true);
    expect(gate.accept('90071992547409930')).toBe(true);
    expect(gate.accept('90071992547409929')).toBe(false);
  });

  it('always lets events outside the log (null position) through, without moving', () => {
    const gate = createPositionGate();
    gate.accept('5');
    expect(gate.accept(null)).toBe(true);
    expect(gate.accept(undefined)).toBe(true);
    expect(gate.last).toBe(5n);
  });
});
