import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { ServerEvents, type Draft } from '@auction/contracts';
import { RealtimePublisher } from '../../gateway/index.js';

export type DraftUpdateAction = 'created' | 'updated' | 'teamsAssigned' | 'deleted';

/**
 * Announces committed draft changes (spec: draftStarted, draftUpdated) to every logged-in client: the dashboard,
 * the admin page and the draft room all list drafts. Called only after the append committed; a failure to
 * publish is logged and never fails the command, whose effect is already durable.
 */
@Injectable()
export class DraftEventsPublisher {
  private readonly logger = new Logger(DraftEventsPublisher.name);

  constructor(@Optional() @Inject(RealtimePublisher) private readonly realtime?: RealtimePublisher) {}

  draftStarted(draft: Draft): void {
    this.publish(ServerEvents.draftStarted, { draftId: draft._id, draft });
  }

  draftUpdated(draft: Draft, action: Exclude<DraftUpdateAction, 'deleted'>): void {
    this.publish(ServerEvents.draftUpdated, { draftId: draft._id, action, draft });
  }

  draftDeleted(draftId: string): void {
    this.publish(ServerEvents.draftUpdated, {
      draftId,
      action: 'deleted' satisfies DraftUpdateAction,
      draft: null,
    });
  }

  private publish(event: string, payload: { draftId: string; [key: string]: unknown }): void {
    try {
      this.realtime?.toAll(event, payload);
    } catch (error) {
      this.logger.warn(`could not publish ${event} for draft ${payload.draftId}: ${String(error)}`);
    }
  }
}
