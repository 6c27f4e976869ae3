/**
 * What machine a benchmark ran on, printed with its figures: the API's CPU per accepted bid for the same code was
 * 1.4–2.5× apart on two "2-core" machines of this workplace (docs/benchmarks.md, seventh round), so a figure without
 * its machine cannot be compared.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';

/** A bid's live payload, about the size and shape the API serialises per event. */
const REFERENCE_PAYLOAD = {
  draftId: '00000000-0000-4000-8000-000000000001',
  position: '123456789',
  version: 4242,
  serverTime: '2026-11-27T21:00:00.000Z',
  auction: {
    _id: '00000000-0000-4000-8000-000000000002',
    playerName: 'Reference Player',
    currentBid: 57,
    bids: Array.from({ length: 10 }, (_, i) => ({ teamName: `Team ${i}`, amount: 47 + i, proxy: false })),
  },
};

/**
 * Single-thread speed in JSON round trips of REFERENCE_PAYLOAD per second (stringify + parse, the work a live event
 * costs most often), best of five 100 ms rounds so a neighbour's burst does not set it.
 */
export function referenceRoundTripsPerSecond(roundMs = 100, rounds = 5): number {
  let best = 0;
  let sink = 0;
  for (let round = 0; round < rounds; round++) {
    let count = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < roundMs) {
      for (let i = 0; i < 100; i++) {
        sink += (JSON.parse(JSON.stringify(REFERENCE_PAYLOAD)) as { version: number }).version;
      }
      count += 100;
      elapsed = performance.now() - start;
    }
    best = Math.max(best, (count / elapsed) * 1000);
  }
  // Read the sink so the loop's work cannot be optimised away.
  return sink > 0 ? best : 0;
}

export interface MachineDescription {
  cpuModel: string;
  cores: number;
  mhz: number;
  node: string;
  referenceRoundTripsPerSecond: number;
}

/** The clock Linux reports in /proc/cpuinfo, where node's `os.cpus()` says 0 (no cpufreq, as in some VMs). */
export function cpuinfoMhz(cpuinfo: string): number {
  const match = /^cpu MHz\s*:\s*([\d.]+)/m.exec(cpuinfo);
  return match ? Math.round(Number(match[1])) : 0;
}

function reportedMhz(speed: number | undefined): number {
  if (speed) return speed;
  try {
    return cpuinfoMhz(readFileSync('/proc/cpuinfo', 'utf8'));
  } catch {
    return 0;
  }
}

export function describeMachine(): MachineDescription {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() || 'unknown CPU',
    cores: cpus.length,
    mhz: reportedMhz(cpus[0]?.speed),
    node: process.version,
    referenceRoundTripsPerSecond: referenceRoundTripsPerSecond(),
  };
}

export function formatMachine(machine: MachineDescription): string {
  return (
    `machine: ${machine.cpuModel}, ${machine.cores} cores ` +
    `${machine.mhz > 0 ? `at ${machine.mhz} MHz` : '(clock not reported)'}, node ${machine.node}; ` +
    `reference speed ${Math.round(machine.referenceRoundTripsPerSecond / 1000)} k JSON round trips/s (one thread)`
  );
}
