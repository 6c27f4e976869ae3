export { ApiMetrics } from './api-metrics.js';
export { MetricsModule } from './metrics.module.js';
export { httpMetricsMiddleware } from './http-metrics.middleware.js';
