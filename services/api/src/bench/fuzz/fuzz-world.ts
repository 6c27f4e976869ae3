import type { FuzzRole } from './fuzz-cases.js';
import type { ValidIds } from './fuzz-values.js';

export const FUZZ_PASSWORD = 'password123';

interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

export interface Credentials {
  email: string;
  password: string;
}

/**
 * The records fuzz cases aim at (a started draft with an open auction, two teams, one owned by `owner`, a pick)
 * and a session per role. Built over HTTP only, so the suite and the bench share it.
 */
export interface FuzzWorld {
  ids: ValidIds;
  credentials: Record<Exclude<FuzzRole, 'anonymous'>, Credentials>;
  tokens: Record<FuzzRole, string | null>;
  /** The role's token; a fresh sign-in for operations that end the session (logout). */
  tokenFor(role: FuzzRole, operationPath: string): Promise<string | null>;
}

export interface SessionUser {
  id: string;
  username: string;
  role: 'admin' | 'user';
}

export async function createFuzzWorld(
  baseUrl: string,
  admin: Credentials,
  /** Fills the player catalogue (the app's own writer, in process). */
  loadPlayers: () => Promise<unknown>,
  /**
   * A fresh token for a user, for each logout case (logout revokes the token it is sent with). In process, the
   * app's TokenService: signing in over HTTP costs an argon2 verification each time.
   */
  newSession?: (user: SessionUser) => Promise<string>,
): Promise<FuzzWorld> {
  const call = async <T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${envelope.message}`);
    return envelope.data;
  };
  const login = async ({ email, password }: Credentials) =>
    (await call<{ token: string }>('POST', '/api/auth/login', null, { email, password })).token;
  const register = async (username: string) => {
    const credentials = { email: `${username}@example.test`, password: FUZZ_PASSWORD };
    const data = await call<{ token: string; user: { _id: string } }>('POST', '/api/auth/register', null, {
      username,
      ...credentials,
    });
    return { credentials, token: data.token, id: data.user._id, username };
  };

  await loadPlayers();
  const adminSession = await call<{ token: string; user: { _id: string; username: string } }>(
    'POST',
    '/api/auth/login',
    null,
    admin,
  );
  const adminToken = adminSession.token;
  const user = await register('fuzz_user');
  const owner = await register('fuzz_owner');
  const team = await call<{ team: { _id: string } }>('POST', '/api/teams', adminToken, {
    name: 'Fuzz Owners',
    teamNumber: 1,
  });
  const otherTeam = await call<{ team: { _id: string } }>('POST', '/api/teams', adminToken, {
    name: 'Fuzz Others',
    teamNumber: 2,
  });
  await call('POST', `/api/teams/${team.team._id}/assign-owner`, adminToken, { userId: owner.id });
  const { draft } = await call<{ draft: { _id: string } }>('POST', '/api/drafts', adminToken, {
    name: 'Fuzz draft',
    settings: {
      teamsCount: 2,
      playersPerTeam: 20,
      budgetPerTeam: 1000,
      auctionTimeLimit: 600,
      bidTimeReset: 600,
      nominationTimeLimit: 600,
    },
  });
  await call('POST', `/api/drafts/${draft._id}/teams`, adminToken, {
    teamIds: [team.team._id, otherTeam.team._id],
  });
  await call('POST', `/api/drafts/${draft._id}/start`, adminToken);
  const { players } = await call<{ players: Array<{ _id: string; providerId: string }> }>(
    'GET',
    '/api/players?limit=3',
    adminToken,
  );
  const [auctioned, picked, spare] = players;
  if (!auctioned || !picked || !spare) throw new Error('the player catalogue is empty');
  const { pick } = await call<{ pick: { _id: string } }>(
    'POST',
    `/api/drafts/${draft._id}/pick`,
    adminToken,
    {
      playerId: picked.providerId,
      teamId: otherTeam.team._id,
      cost: 1,
    },
  );
  const { auction } = await call<{ auction: { _id: string } }>('POST', '/api/auctions/nominate', adminToken, {
    draftId: draft._id,
    playerId: auctioned.providerId,
  });

  const credentials = { admin, user: user.credentials, owner: owner.credentials };
  const sessionUsers: Record<Exclude<FuzzRole, 'anonymous'>, SessionUser> = {
    admin: { id: adminSession.user._id, username: adminSession.user.username, role: 'admin' },
    user: { id: user.id, username: user.username, role: 'user' },
    owner: { id: owner.id, username: owner.username, role: 'user' },
  };
  const tokens: Record<FuzzRole, string | null> = {
    anonymous: null,
    user: user.token,
    owner: owner.token,
    admin: adminToken,
  };
  return {
    ids: {
      draft: draft._id,
      team: team.team._id,
      otherTeam: otherTeam.team._id,
      user: user.id,
      player: spare._id,
      providerId: spare.providerId,
      auction: auction._id,
      pick: pick._id,
    },
    credentials,
    tokens,
    async tokenFor(role, operationPath) {
      if (role === 'anonymous') return null;
      if (operationPath !== '/api/auth/logout') return tokens[role];
      return newSession ? newSession(sessionUsers[role]) : login(credentials[role]);
    },
  };
}
