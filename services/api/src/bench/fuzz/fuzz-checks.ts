import type pg from 'pg';
import type { FuzzRole } from './fuzz-cases.js';
import type { FuzzWorld } from './fuzz-world.js';

/**
 * Rows holding U+FFFD, per table. The pg driver turns an unpaired surrogate into U+FFFD on its way into a text
 * column, silently: a table gaining such rows during fuzzing stored something other than what was sent.
 */
export async function replacementCharacterRows(pool: pg.Pool): Promise<Record<string, number>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${name} t WHERE strpos(t::text, chr(65533)) > 0`,
    );
    counts[name] = rows[0]!.n;
  }
  return counts;
}

export interface SanityProblem {
  check: string;
  detail: string;
}

/**
 * After fuzzing, what people do still works: every role signs in and reads itself, the league lists and the
 * player search answer, the draft's hash chain verifies, and no object prototype gained a key.
 */
export async function sanityReads(baseUrl: string, world: FuzzWorld): Promise<SanityProblem[]> {
  const problems: SanityProblem[] = [];
  const get = async (path: string, token: string): Promise<{ status: number; data: unknown }> => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, data: ((await response.json()) as { data: unknown }).data };
  };
  for (const role of ['user', 'owner', 'admin'] as const satisfies FuzzRole[]) {
    const { email, password } = world.credentials[role];
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (login.status !== 200) {
      problems.push({ check: `${role} signs in`, detail: `answered ${login.status}` });
      continue;
    }
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    for (const path of ['/api/auth/me', '/api/teams', '/api/drafts', '/api/players/search?q=allen']) {
      const { status } = await get(path, token);
      if (status !== 200) problems.push({ check: `${role} reads ${path}`, detail: `answered ${status}` });
    }
    if (role === 'admin') {
      const verify = await get(`/api/drafts/${world.ids.draft}/verify`, token);
      const ok = (verify.data as { ok?: boolean } | null)?.ok;
      // 404: a fuzz case deleted the draft (a valid id with a junk body), which is allowed.
      if (verify.status !== 404 && ok !== true) {
        problems.push({ check: 'the draft hash chain verifies', detail: JSON.stringify(verify) });
      }
    }
  }
  const polluted = Object.keys(Object.prototype as object);
  if (polluted.length > 0)
    problems.push({ check: 'Object.prototype', detail: `gained ${polluted.join(', ')}` });
  return problems;
}
