export {
  findSample,
  parseSamples,
  sampleValue,
  scrapeMetrics,
  type MetricsScrape,
  type Sample,
} from './prometheus-text.js';
