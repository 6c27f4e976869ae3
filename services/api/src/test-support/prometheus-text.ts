/** One sample of Prometheus' text format: `name{label="value",...} 12.5`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the sample lines of an exposition (comments skipped); enough for the values prom-client writes. */
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
export function sampleValue(samples: readonly Sample[], name: string, labels: Record<string, string> = {}) {
  return findSample(samples, name, labels)?.value ?? 0;
}

/** GET /metrics: the status, content type and parsed samples. */
export async function scrape(
  baseUrl: string,
  token?: string,
): Promise<{ status: number; contentType: string | null; text: string; samples: Sample[] }> {
  const response = await fetch(`${baseUrl}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text,
    samples: response.ok ? parseSamples(text) : [],
  };
}
