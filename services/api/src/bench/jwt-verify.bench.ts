/**
 * `node services/api/dist-bench/bench/jwt-verify.bench.js` (after `nx run @auction/api:build-bench`): the cost of one
 * HS256 verify through @nestjs/jwt with the secret given as text (jsonwebtoken then builds a KeyObject per call) and
 * as the KeyObject AuthCoreModule builds once (hmacKey). Every socket pays one verify to authenticate, so with 4,800
 * connecting at once this is on the connect path (issue 10).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { JwtService } from '@nestjs/jwt';
import { hmacKey } from '../common/auth/auth-core.module.js';

const ROUNDS = Number(process.argv[2] ?? 20_000);

async function microsPerVerify(jwt: JwtService, token: string): Promise<number> {
  for (let i = 0; i < 500; i++) await jwt.verifyAsync(token, { algorithms: ['HS256'] });
  const from = performance.now();
  for (let i = 0; i < ROUNDS; i++) await jwt.verifyAsync(token, { algorithms: ['HS256'] });
  return ((performance.now() - from) * 1000) / ROUNDS;
}

async function main(): Promise<void> {
  const secret = randomBytes(32).toString('hex');
  const claims = { sub: randomUUID(), role: 'user', username: 'bench', jti: randomUUID() };
  const asText = new JwtService({ secret, signOptions: { algorithm: 'HS256', expiresIn: 3600 } });
  const asKey = new JwtService({
    secret: hmacKey(secret),
    signOptions: { algorithm: 'HS256', expiresIn: 3600 },
  });
  const token = await asText.signAsync(claims);
  if ((await asKey.verifyAsync<{ sub: string }>(token)).sub !== claims.sub)
    throw new Error('the key does not verify');
  const text = await microsPerVerify(asText, token);
  const key = await microsPerVerify(asKey, token);
  console.log(
    `jwt verify, ${ROUNDS} rounds: secret as text ${text.toFixed(1)} µs, as a KeyObject ${key.toFixed(1)} µs`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
