// The audit module's public surface: what other modules and app-level code may import (see
// services/api/eslint/module-boundaries.js). The replay CLI reads and folds a draft's log with the same code as the
// audit endpoints.
export { AuditModule } from './audit.module.js';
export { DraftAudit, toAuditEvent } from './draft-audit.js';
export type { DraftLogEvent } from './draft-log.reader.js';
export { teamRefOf, toReplayData, type TeamRefs } from './draft-replay.js';
export { toResultsCsv, toResultsRows } from './draft-results.js';
export { readTeamRefs, uuidsIn } from './team-names.js';
export { auditDraftNotFound } from './audit.errors.js';
