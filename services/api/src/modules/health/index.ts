// The health module's public surface: what other modules and app-level code may import (see
// services/api/eslint/module-boundaries.js).
export { HealthModule } from './health.module.js';
