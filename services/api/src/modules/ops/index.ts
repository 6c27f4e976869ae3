// The ops module's public surface: what other modules and app-level code may import (see
// services/api/eslint/module-boundaries.js).
export { OpsModule } from './ops.module.js';
