import { EventSourcingModule } from '../infrastructure/event-sourcing/event-sourcing.module.js';
import { AuctionsModule } from './auctions/auctions.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { DraftsModule } from './drafts/drafts.module.js';
import { HealthModule } from './health/health.module.js';
import { OpsModule } from './ops/ops.module.js';
import { PlayerSyncModule } from './player-sync/player-sync.module.js';
import { PlayersModule } from './players/players.module.js';
import { TeamsModule } from './teams/teams.module.js';
import { UsersModule } from './users/users.module.js';

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
