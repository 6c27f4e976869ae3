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

/**
 * Memory latency: nanoseconds per dependent load while chasing one random cycle through `megabytes` of Int32Array
 * (Sattolo's shuffle, fixed seed), the median of `rounds`. The one-thread figure above fits in a core's own caches,
 * and on this workplace's Firecracker hosts it read the same in hours when the API needed 1.8× the CPU per bid, most
 * of it user-mode time (docs/benchmarks.md, twenty-fifth and twenty-sixth rounds). The API's working set is megabytes,
 * so this figure is printed beside it to show whether the host's shared cache and memory were the slow part then.
 */
export function memoryLatencyNs(megabytes = 8, steps = 1_000_000, rounds = 3): number {
  const slots = (megabytes * 1024 * 1024) / 4;
  const next = new Int32Array(slots);
  for (let i = 0; i < slots; i++) next[i] = i;
  let seed = 0x2545f491;
  for (let i = slots - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    const j = seed % i;
    const swap = next[i]!;
    next[i] = next[j]!;
    next[j] = swap;
  }
  const perLoad: number[] = [];
  let at = 0;
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    for (let step = 0; step < steps; step++) at = next[at]!;
    perLoad.push(((performance.now() - start) * 1e6) / steps);
  }
  perLoad.sort((a, b) => a - b);
  // Read `at` so the chase cannot be optimised away.
  return at >= 0 ? perLoad[Math.floor(rounds / 2)]! : 0;
}

export interface MachineDescription {
  cpuModel: string;
  cores: number;
  mhz: number;
  node: string;
  referenceRoundTripsPerSecond: number;
  memoryLatencyNs: number;
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
    memoryLatencyNs: memoryLatencyNs(),
  };
}

export function formatMachine(machine: MachineDescription): string {
  return (
    `machine: ${machine.cpuModel}, ${machine.cores} cores ` +
    `${machine.mhz > 0 ? `at ${machine.mhz} MHz` : '(clock not reported)'}, node ${machine.node}; ` +
    `reference speed ${Math.round(machine.referenceRoundTripsPerSecond / 1000)} k JSON round trips/s (one thread), ` +
    `memory ${Math.round(machine.memoryLatencyNs)} ns per dependent load over 8 MB`
  );
}
