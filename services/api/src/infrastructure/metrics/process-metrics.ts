import { collectDefaultMetrics, Registry } from 'prom-client';

let shared: Registry | undefined;

/**
 * CPU, memory, event-loop lag, GC: one registry per process, created on first use. collectDefaultMetrics starts an
 * event-loop monitor and a GC observer that nothing can stop, so calling it per app would pile them up in a
 * process that starts many apps (the integration tests); and these figures describe the process anyway.
 */
export function processMetricsRegistry(): Registry {
  if (!shared) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared });
  }
  return shared;
}
