/** CPU time of processes from /proc/<pid>/stat (Linux), to tell the app's share from PostgreSQL's. */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = clockTicks();

function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
}

/** User + system CPU seconds of a process so far; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, inside parentheses): utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export function totalCpuSeconds(pids: Iterable<number>): Map<number, number> {
  return new Map([...pids].map((pid) => [pid, cpuSeconds(pid)] as const));
}

/** CPU used between two samples, as a share of one core over `wallSeconds` (pids new in `after` count from 0). */
export function coreShare(
  before: Map<number, number>,
  after: Map<number, number>,
  wallSeconds: number,
): number {
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
  return used / wallSeconds;
}

/** Descendants of `root` whose command line contains `needle` (the API under `npm start`'s script). */
export function descendantsMatching(root: number, needle: string): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle)) found.push(pid);
    } catch {
      // gone meanwhile
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** Busy CPU seconds of the whole machine so far (all cores, /proc/stat: everything but idle and iowait). */
export function machineBusySeconds(): number {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return (total - idle) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Processes whose command name (/proc/<pid>/comm) is `name`, e.g. redis-server. */
export function processesNamed(name: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}
