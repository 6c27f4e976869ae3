// The few settings the run/test scripts need. The API validates its full configuration itself.
export const DEFAULTS = Object.freeze({
  PORT: '3000',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/auction_draft',
  REDIS_URL: 'redis://127.0.0.1:6379',
});

export function loadConfig(env = process.env) {
  const pick = (name) => (env[name] && env[name].trim() !== '' ? env[name].trim() : DEFAULTS[name]);
  return { port: Number(pick('PORT')), databaseUrl: pick('DATABASE_URL'), redisUrl: pick('REDIS_URL') };
}

/** process.env with the defaults filled in, so child processes (the API, tests) see the same values we checked. */
export function envWithDefaults(config, env = process.env) {
  return { ...env, PORT: String(config.port), DATABASE_URL: config.databaseUrl, REDIS_URL: config.redisUrl };
}
