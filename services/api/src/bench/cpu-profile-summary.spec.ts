import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { formatSummary, mainThreadProfile, summariseProfile } from './cpu-profile-summary.js';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

describe('summariseProfile', () => {
  it('attributes each sample the time until the next one and groups by function and package', () => {
    const profile = {
      startTime: 0,
      endTime: 100,
      nodes: [
        { id: 1, callFrame: frame('(root)') },
        { id: 2, callFrame: frame('(idle)') },
        { id: 3, callFrame: frame('encode', 'file:///repo/node_modules/notepack.io/lib/encode.js', 75) },
        {
          id: 4,
          callFrame: frame('publish', 'file:///repo/services/api/dist/gateway/realtime-publisher.js', 9),
        },
        {
          id: 5,
          callFrame: frame('verify', 'file:///repo/node_modules/@nestjs/jwt/dist/jwt.service.js', 56),
        },
      ],
      // Samples 3, 3, 4, 2, 5 lasting 10, 30, 20, 30, 10 µs (the next delta; the last sample gets 0).
      samples: [3, 3, 4, 2, 5, 5],
      timeDeltas: [0, 10, 30, 20, 30, 10],
    };
    const summary = summariseProfile(profile);
    expect(summary.totalMs).toBeCloseTo(0.1);
    expect(summary.busyShare).toBeCloseTo(0.7);
    expect(summary.functions[0]).toMatchObject({ name: 'encode notepack.io/lib/encode.js:76', share: 0.4 });
    expect(summary.packages.map((row) => row.name)).toEqual([
      'notepack.io',
      '(idle)',
      'services/api',
      '@nestjs/jwt',
    ]);
    expect(formatSummary(summary)).toContain('40.0 %  notepack.io');
  });
});

describe('mainThreadProfile', () => {
  it("picks this run's largest profile (the main thread's), not a worker thread's written later", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpu-profiles-'));
    try {
      const write = (name: string, bytes: number, mtime: Date) => {
        const file = path.join(dir, name);
        fs.writeFileSync(file, 'x'.repeat(bytes));
        fs.utimesSync(file, mtime, mtime);
      };
      const run = Date.now();
      write('CPU.old.0.001.cpuprofile', 9_000, new Date(run - 60_000)); // an earlier run
      write('CPU.now.0.001.cpuprofile', 5_000, new Date(run + 1_000)); // main thread
      write('CPU.now.1.002.cpuprofile', 100, new Date(run + 2_000)); // worker thread, written last
      expect(path.basename(mainThreadProfile(dir, run)!)).toBe('CPU.now.0.001.cpuprofile');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
