/**
 * Leagues for the live benchmarks, built over the public API: a draft of 12 teams with an owner each, started, and
 * the owners' sockets in its room. Shared by bench:auction and bench:capacity.
 */
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { ApiClient } from './bench-http.js';

export const TEAMS = 12;
export const BUDGET = 10_000; // the contract's maximum: ~10k accepted bids per auction before the teams run dry
export const CLOCK_SECONDS = 600; // the longest clock the contract allows: the auction must not end while we measure

export type BenchOwner = { token: string; userId: string; username: string };
export type BenchTeam = { teamId: string; token: string; username: string };
export type BenchDraft = { draftId: string; playerId: string; teams: BenchTeam[] };

/** Registers an owner through the API (argon2 on the server: slow when there are thousands). */
export function registerOwner(api: ApiClient): (username: string) => Promise<BenchOwner> {
  return async (username) => {
    const { token, user } = await api.register(username, `${username}@example.com`, 'bench-pass-1');
    return { token, userId: user._id, username };
  };
}

export async function availablePlayerIds(api: ApiClient, token: string, wanted: number): Promise<string[]> {
  const ids: string[] = [];
  for (const position of ['RB', 'WR', 'QB', 'TE', 'K', 'DEF']) {
    const { players } = await api.get<{ players: { providerId: string }[] }>(
      `/players/position/${position}?limit=100&available=true`,
      token,
    );
    ids.push(...players.map((player) => player.providerId));
    if (ids.length >= wanted) return ids.slice(0, wanted);
  }
  throw new Error(`the pool has only ${ids.length} players, ${wanted} drafts need one each`);
}

/** A started draft of TEAMS teams, each with its own owner from `owner`. */
export async function setUpDraft(
  api: ApiClient,
  admin: string,
  d: number,
  playerId: string,
  owner: (username: string) => Promise<BenchOwner>,
): Promise<BenchDraft> {
  const tag = `${d}_${randomBytes(2).toString('hex')}`;
  const { draft } = await api.post<{ draft: { _id: string } }>('/drafts', admin, {
    name: `Bench draft ${tag}`,
    settings: {
      teamsCount: TEAMS,
      playersPerTeam: 20,
      budgetPerTeam: BUDGET,
      draftType: 'auction',
      auctionTimeLimit: CLOCK_SECONDS,
      bidTimeReset: CLOCK_SECONDS,
      nominationTimeLimit: CLOCK_SECONDS,
    },
  });
  const teams: BenchTeam[] = [];
  for (let number = 1; number <= TEAMS; number++) {
    const { token, userId, username } = await owner(`bench_${tag}_${number}`);
    const { team } = await api.post<{ team: { _id: string } }>('/teams', admin, {
      name: `Bench ${tag} team ${number}`,
      teamNumber: number,
    });
    await api.post(`/teams/${team._id}/assign-owner`, admin, { userId });
    teams.push({ teamId: team._id, token, username });
  }
  await api.post(`/drafts/${draft._id}/teams`, admin, { teamIds: teams.map((team) => team.teamId) });
  await api.post(`/drafts/${draft._id}/start`, admin, {});
  return { draftId: draft._id, playerId, teams };
}

/**
 * A websocket that authenticated as the team's owner and joined the draft's room; resolves at `draftJoined`.
 * `listen` attaches handlers before connecting, so nothing the server sends on the way is missed.
 */
export function joinDraftRoom(
  base: string,
  team: BenchTeam,
  draftId: string,
  listen: (socket: Socket) => void = () => undefined,
  timeoutMs = 10_000,
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(base, { transports: ['websocket'], reconnection: false, timeout: timeoutMs });
    listen(socket);
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`${team.username} did not join in ${timeoutMs / 1000} s`));
    }, timeoutMs);
    socket.on('connect', () => socket.emit('authenticate', team.token));
    socket.on('authenticated', () => socket.emit('joinDraft', { draftId }));
    socket.on('authError', (error: unknown) => reject(new Error(`authError ${JSON.stringify(error)}`)));
    socket.once('draftJoined', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.on('connect_error', (error: Error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
