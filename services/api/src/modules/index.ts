import { EventSourcingModule } from '../infrastructure/event-sourcing/event-sourcing.module.js';
import { AuctionsModule } from './auctions/index.js';
import { AuditModule } from './audit/index.js';
import { AuthModule } from './auth/index.js';
import { DraftsModule } from './drafts/index.js';
import { HealthModule } from './health/index.js';
import { OpsModule } from './ops/index.js';
import { PlayerSyncModule } from './player-sync/index.js';
import { PlayersModule } from './players/index.js';
import { TeamsModule } from './teams/index.js';
import { UsersModule } from './users/index.js';

/** The REST feature modules AppModule imports. The league adds TeamsModule and DraftsModule here. */
export const featureModules = [
  AuthModule,
  UsersModule,
  HealthModule,
  EventSourcingModule,
  TeamsModule,
  DraftsModule,
  PlayerSyncModule,
  PlayersModule,
  AuctionsModule,
  OpsModule,
  AuditModule,
];
