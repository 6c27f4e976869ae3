import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AsyncProjections } from '../../infrastructure/event-sourcing/async-projections.js';
import { DraftActivityProjection } from './draft-activity.projection.js';
import { LeagueProjectionSet } from './league-projections.js';

/** The draft activity feed, an asynchronous projection (not a provider itself: it is not projected inline). */
export function draftActivityProjection(): LeagueProjectionSet {
  return new LeagueProjectionSet([new DraftActivityProjection()]);
}

@Injectable()
export class DraftActivityRegistration implements OnModuleInit {
  constructor(@Inject(AsyncProjections) private readonly asyncProjections: AsyncProjections) {}

  onModuleInit(): void {
    this.asyncProjections.register(draftActivityProjection());
  }
}
