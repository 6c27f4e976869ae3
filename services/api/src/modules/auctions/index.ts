// The auctions module's public surface: what other modules and app-level code may import (see
// services/api/eslint/module-boundaries.js). Test kits stay in __tests__/, outside the build.
export { AuctionsModule } from './auctions.module.js';
