import { Logger, type INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { CONFIG, type AppConfig } from '../config/config.js';
import { PG_POOL } from '../infrastructure/database/database.module.js';
import { AssignTeamsCommand, CreateDraftCommand } from '../modules/drafts/index.js';
import { AssignOwnerCommand, CreateTeamCommand } from '../modules/teams/index.js';
import { UsersService } from '../modules/users/index.js';

/** Team numbers 1 to 12, in order. */
export const DEMO_TEAM_NAMES = [
  'Gridiron Gurus',
  'Blitz Brigade',
  'End Zone Elite',
  'Hail Mary Heroes',
  'Pigskin Prophets',
  'Red Zone Raiders',
  'Fourth Down Fanatics',
  'Touchdown Titans',
  'Sunday Sharks',
  'Audible Assassins',
  'Two-Point Tycoons',
  'Blind Side Bandits',
] as const;

/**
 * Demo owners by team number. The admin owns no team: the admin runs the league (creates, assigns, starts,
 * corrects picks) like a commissioner, and the four demo users show what owners see and do.
 */
export const DEMO_OWNERS: Readonly<Record<number, string>> = { 1: 'alice', 2: 'bob', 3: 'carol', 4: 'dave' };

export const DEMO_DRAFT_NAME = 'Demo League Auction';

/**
 * The demo league, through the same command bus as the API so it is all in the event log: 12 teams, the demo
 * users as owners of teams 1 to 4, and one draft with every team assigned, still in created status.
 * Runs once: only when no team was ever created (deleted ones count), and only with SEED_DEMO. The caller
 * (runSeed) holds an advisory lock, so instances starting together do not seed twice.
 */
export async function seedLeague(app: INestApplicationContext): Promise<void> {
  const config = app.get<AppConfig>(CONFIG);
  if (!config.seedDemo) return;
  const pool = app.get<Pool>(PG_POOL);
  const { rows } = await pool.query<{ seeded: boolean }>('SELECT EXISTS (SELECT 1 FROM teams) AS seeded');
  if (rows[0]?.seeded) return;

  const commandBus = app.get(CommandBus);
  const users = app.get(UsersService);
  const usersByName = new Map((await users.listAll()).map((user) => [user.username.toLowerCase(), user]));

  const teamIds: string[] = [];
  for (const [index, name] of DEMO_TEAM_NAMES.entries()) {
    const teamNumber = index + 1;
    const team = await commandBus.execute(new CreateTeamCommand(name, teamNumber, 'system'));
    teamIds.push(team._id);
    const owner = usersByName.get(DEMO_OWNERS[teamNumber] ?? '');
    if (owner) await commandBus.execute(new AssignOwnerCommand(team._id, owner.id, 'system'));
  }
  const draft = await commandBus.execute(new CreateDraftCommand(DEMO_DRAFT_NAME, undefined, 'system'));
  await commandBus.execute(new AssignTeamsCommand(draft._id, teamIds, 'system'));
  new Logger('Seed').log(
    `Created the demo league: ${teamIds.length} teams and the draft "${DEMO_DRAFT_NAME}"`,
  );
}
