import { expect } from '@jest/globals';
import type { Draft, DraftData, Team, TeamData } from '@auction/contracts';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.module.js';
import type { TestApp, TestResponse } from '../../../test-support/app-harness.js';

/** Every league read-model row and the size of the event log, in a stable order, for before/after comparisons. */
export interface LeagueSnapshot {
  teams: unknown[];
  drafts: unknown[];
  draftTeams: unknown[];
  picks: unknown[];
  events: number;
}

export function poolOf(t: TestApp): Pool {
  return t.app.get<Pool>(PG_POOL);
}

export async function snapshotLeague(t: TestApp): Promise<LeagueSnapshot> {
  const pool = poolOf(t);
  const rows = async (sql: string) => (await pool.query(sql)).rows;
  return {
    teams: await rows('SELECT * FROM teams ORDER BY id'),
    drafts: await rows('SELECT * FROM drafts ORDER BY id'),
    draftTeams: await rows('SELECT * FROM draft_teams ORDER BY draft_id, team_id'),
    picks: await rows('SELECT * FROM picks ORDER BY id'),
    events: Number((await pool.query('SELECT count(*) AS n FROM es_events')).rows[0].n),
  };
}

/** Sends a bad request and checks it is refused with `status` and `message` and changed nothing at all. */
export async function expectRefusedWithoutChange(
  t: TestApp,
  send: () => Promise<TestResponse>,
  status: number,
  message: string | RegExp,
): Promise<void> {
  const before = await snapshotLeague(t);
  const response = await send();
  expect({ status: response.status, success: response.body.success }).toEqual({ status, success: false });
  if (typeof message === 'string') expect(response.body.message).toBe(message);
  else expect(response.body.message).toMatch(message);
  expect(response.body.data).toBeNull();
  expect(await snapshotLeague(t)).toEqual(before);
}

export async function createTeam(
  t: Pick<TestApp, 'request'>,
  token: string,
  name: string,
  teamNumber: number,
): Promise<Team> {
  const response = await t.request<TeamData>('POST', '/api/teams', { token, body: { name, teamNumber } });
  if (response.status !== 201)
    throw new Error(`create team answered ${response.status}: ${response.body.message}`);
  return response.body.data.team;
}

export async function getTeam(t: Pick<TestApp, 'request'>, token: string, teamId: string): Promise<Team> {
  const response = await t.request<TeamData>('GET', `/api/teams/${teamId}`, { token });
  if (response.status !== 200)
    throw new Error(`get team answered ${response.status}: ${response.body.message}`);
  return response.body.data.team;
}

export async function createDraft(
  t: Pick<TestApp, 'request'>,
  token: string,
  name: string,
  settings?: object,
): Promise<Draft> {
  const response = await t.request<DraftData>('POST', '/api/drafts', { token, body: { name, settings } });
  if (response.status !== 201)
    throw new Error(`create draft answered ${response.status}: ${response.body.message}`);
  return response.body.data.draft;
}

export async function assignTeams(
  t: Pick<TestApp, 'request'>,
  token: string,
  draftId: string,
  teamIds: string[],
): Promise<Draft> {
  const response = await t.request<DraftData>('POST', `/api/drafts/${draftId}/teams`, {
    token,
    body: { teamIds },
  });
  if (response.status !== 200)
    throw new Error(`assign teams answered ${response.status}: ${response.body.message}`);
  return response.body.data.draft;
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
