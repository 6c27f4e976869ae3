import { describe, expect, it } from '@jest/globals';
import {
  cpuinfoMhz,
  describeMachine,
  formatMachine,
  memoryLatencyNs,
  referenceRoundTripsPerSecond,
} from './machine.js';

const EPYC = {
  cpuModel: 'AMD EPYC',
  cores: 2,
  mhz: 2096,
  node: 'v20.20.2',
  referenceRoundTripsPerSecond: 123_456,
  memoryLatencyNs: 87.4,
};

describe('machine description', () => {
  it('measures a positive single-thread reference speed', () => {
    expect(referenceRoundTripsPerSecond(10, 2)).toBeGreaterThan(0);
  });

  it('measures a positive memory latency', () => {
    expect(memoryLatencyNs(1, 10_000, 1)).toBeGreaterThan(0);
  });

  it('names the CPU, its cores and the reference speed in one line', () => {
    const line = formatMachine(EPYC);
    expect(line).toBe(
      'machine: AMD EPYC, 2 cores at 2096 MHz, node v20.20.2; reference speed 123 k JSON round trips/s (one thread), ' +
        'memory 87 ns per dependent load over 8 MB',
    );
  });

  it('says so when the clock is not reported', () => {
    const line = formatMachine({ ...EPYC, mhz: 0 });
    expect(line).toContain('2 cores (clock not reported), node');
  });

  it("reads the clock from /proc/cpuinfo's first cpu MHz line", () => {
    expect(
      cpuinfoMhz(
        'processor\t: 0\nmodel name\t: AMD EPYC\ncpu MHz\t\t: 2096.012\n\nprocessor\t: 1\ncpu MHz\t\t: 1.0\n',
      ),
    ).toBe(2096);
    expect(cpuinfoMhz('model name\t: something\n')).toBe(0);
  });

  it('describes this machine', () => {
    const machine = describeMachine();
    expect(machine.cores).toBeGreaterThan(0);
    expect(machine.node).toBe(process.version);
  });
});
