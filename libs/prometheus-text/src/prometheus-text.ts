/**
 * Reading what a service's /metrics serves (Prometheus' text exposition, as prom-client writes it), for the tests of
 * every service that exposes metrics: the API, the relay and the ops service.
 */

/** One sample of Prometheus' text format: `name{label="value",...} 12.5`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the sample lines of an exposition (comments skipped); enough for what prom-client writes. */
export function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The first sample named `name` whose labels include `labels`. */
export function findSample(
  samples: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): Sample | undefined {
  return samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

/** Its value, 0 when there is no such sample (a counter not incremented yet). */
export function sampleValue(
  samples: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return findSample(samples, name, labels)?.value ?? 0;
}

export type MetricsScrape = { status: number; contentType: string | null; text: string; samples: Sample[] };

/** GET a metrics URL (with a bearer token when given): status, content type, the text and its parsed samples. */
export async function scrapeMetrics(url: string, token?: string): Promise<MetricsScrape> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text,
    samples: response.ok ? parseSamples(text) : [],
  };
}
