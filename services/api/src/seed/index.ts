import type { INestApplication } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { ConflictError } from '@auction/domain';
import type { Pool } from 'pg';
import { CONFIG, type AppConfig } from '../config/config.js';
import { PG_POOL } from '../infrastructure/database/database.module.js';
import { seedPlayers } from '../modules/player-sync/index.js';
import { UsersService } from '../modules/users/index.js';
import { credentialsBox } from './credentials-box.js';
import { seedLeague } from './league-seed.js';

export const DEMO_USERNAMES = ['alice', 'bob', 'carol', 'dave'] as const;
export const DEMO_PASSWORD = 'password123';
const SEED_LOCK = 'auction.seed';

export interface SeedResult {
  adminCreated: boolean;
  demoUsersCreated: string[];
}

/**
 * Start-up data, idempotent and safe when several instances start together (an advisory lock serialises them):
 *  - the admin from ADMIN_* unless a user with that email exists;
 *  - on the very first start (no users at all) and with SEED_DEMO, the demo users alice, bob, carol and dave;
 *  - then the league seed (teams, owners, a draft), which decides for itself whether it has work to do;
 *  - and, with SEED_DEMO and no players yet, the bundled player pool.
 */
export async function runSeed(app: INestApplication): Promise<SeedResult> {
  const config = app.get<AppConfig>(CONFIG);
  const users = app.get(UsersService);
  const pool = app.get<Pool>(PG_POOL);
  const logger = new Logger('Seed');

  const lockClient = await pool.connect();
  let result: SeedResult;
  try {
    await lockClient.query('SELECT pg_advisory_lock(hashtext($1))', [SEED_LOCK]);
    try {
      const firstRun = (await users.countUsers()) === 0;
      let adminCreated = false;
      if (!(await users.findByEmail(config.admin.email))) {
        try {
          await users.createUser({ ...config.admin, role: 'admin' });
          adminCreated = true;
          logger.log(`Created admin ${config.admin.username} <${config.admin.email}>`);
        } catch (error) {
          if (!(error instanceof ConflictError)) throw error;
          // The username belongs to another account: start anyway, the other accounts still work.
          logger.error(`No admin created: ${error.message} (ADMIN_USERNAME=${config.admin.username}).`);
        }
      }
      const demoUsersCreated: string[] = [];
      if (firstRun && config.seedDemo) {
        for (const name of DEMO_USERNAMES) {
          await users.createUser({ username: name, email: `${name}@example.com`, password: DEMO_PASSWORD });
          demoUsersCreated.push(name);
        }
        logger.log(`Created demo users ${demoUsersCreated.join(', ')}`);
      }
      await seedLeague(app);
      await seedPlayers(app);
      result = { adminCreated, demoUsersCreated };
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock(hashtext($1))', [SEED_LOCK]);
    }
  } finally {
    lockClient.release();
  }

  if (config.logLevel !== 'silent') {
    const lines = [`Admin: ${config.admin.email} / ${config.admin.password}  (ADMIN_EMAIL / ADMIN_PASSWORD)`];
    if (config.seedDemo) {
      lines.push(`Demo:  ${DEMO_USERNAMES.map((name) => `${name}@example.com`).join(', ')}`);
      lines.push(`       password ${DEMO_PASSWORD} (created on the first start only)`);
    }
    process.stdout.write(`\n${credentialsBox('Sign-in credentials', lines)}\n\n`);
  }
  return result;
}
