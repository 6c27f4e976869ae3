import { Module } from '@nestjs/common';
import { AuditAccess } from './audit-access.js';
import { ExportResultsController } from './queries/export-results/export-results.controller.js';
import { ExportResultsHandler } from './queries/export-results/export-results.handler.js';
import { ListDraftEventsController } from './queries/list-draft-events/list-draft-events.controller.js';
import { ListDraftEventsHandler } from './queries/list-draft-events/list-draft-events.handler.js';
import { ReplayDraftController } from './queries/replay-draft/replay-draft.controller.js';
import { ReplayDraftHandler } from './queries/replay-draft/replay-draft.handler.js';
import { VerifyDraftController } from './queries/verify-draft/verify-draft.controller.js';
import { VerifyDraftHandler } from './queries/verify-draft/verify-draft.handler.js';

/** Audit of a draft's event log (ADR 0011): read-only, straight from the log, folded by the domain. */
@Module({
  controllers: [
    ListDraftEventsController,
    ReplayDraftController,
    VerifyDraftController,
    ExportResultsController,
  ],
  providers: [
    AuditAccess,
    ListDraftEventsHandler,
    ReplayDraftHandler,
    VerifyDraftHandler,
    ExportResultsHandler,
  ],
})
export class AuditModule {}
