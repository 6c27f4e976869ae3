/**
 * A short text summary of a V8 `.cpuprofile` (node --cpu-prof): where the samples landed, by function (self time)
 * and by package, so a benchmark can print what the CPU did next to its figures (docs/benchmarks.md).
 */
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface ProfileRow {
  name: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  totalMs: number;
  /** Share of samples where the thread ran JavaScript or native code (not `(idle)`). */
  busyShare: number;
  functions: ProfileRow[];
  packages: ProfileRow[];
}

/** Self time per function and per package (node_modules/<pkg>, node: built-ins, our code, V8's own entries). */
export function summariseProfile(profile: CpuProfile, top = 15): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // Sample i lasts until the next one (timeDeltas[i + 1]), as Chrome DevTools counts it.
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + Math.max(0, deltas[i + 1] ?? 0));
  }
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  let totalUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame;
    totalUs += us;
    if (frame.functionName === '(idle)') idleUs += us;
    const key = `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
    const pkg = packageOf(frame);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: totalUs === 0 ? 0 : us / totalUs }));
  return {
    totalMs: totalUs / 1000,
    busyShare: totalUs === 0 ? 0 : 1 - idleUs / totalUs,
    functions: rows(functions),
    packages: rows(packages),
  };
}

/**
 * The main thread's `.cpuprofile` written into `dir` since `sinceMs`, or null: node writes one per thread (worker
 * threads such as a logger's transport too), and the main thread's is the one with the most samples, i.e. the largest.
 */
export function mainThreadProfile(dir: string, sinceMs = 0): string | null {
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.cpuprofile'))
    .map((file) => ({ file: path.join(dir, file), stat: fs.statSync(path.join(dir, file)) }))
    .filter(({ stat }) => stat.mtimeMs >= sinceMs)
    .sort((a, b) => b.stat.size - a.stat.size);
  return files[0]?.file ?? null;
}

/** The newest `.cpuprofile` in `dir`, or null (see mainThreadProfile when the app runs worker threads). */
export function newestProfile(dir: string): string | null {
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.cpuprofile'))
    .map((file) => path.join(dir, file))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  return files[0] ?? null;
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
}

export function formatSummary(summary: ProfileSummary): string {
  const pct = (share: number) => `${(share * 100).toFixed(1).padStart(5)} %`;
  const lines = [
    `profile: ${(summary.totalMs / 1000).toFixed(1)} s sampled, busy ${pct(summary.busyShare).trim()}`,
    'top functions (self time):',
    ...summary.functions.map((row) => `  ${pct(row.share)}  ${row.name}`),
    'by package (self time):',
    ...summary.packages.map((row) => `  ${pct(row.share)}  ${row.name}`),
  ];
  return lines.join('\n');
}

function shortUrl(url: string): string {
  if (!url) return '';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const src = url.search(/\/(services|libs)\//);
  return src >= 0 ? url.slice(src + 1) : url.replace(/^file:\/\//, '');
}

function packageOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node: built-ins';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const own = /\/(services\/[^/]+|libs\/[^/]+)\//.exec(url);
  return own ? own[1]! : '(other)';
}
