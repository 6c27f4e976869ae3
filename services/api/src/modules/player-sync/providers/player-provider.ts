import { playerPositionSchema, textSchema } from '@auction/contracts';
import { z } from 'zod';

/** Injection token of the configured PlayerProvider (PLAYER_PROVIDER=bundled|sleeper). */
export const PLAYER_PROVIDER = Symbol('PLAYER_PROVIDER');

/** Row provider of every player we ship or fetch: the bundled dataset is keyed by Sleeper ids too. */
export const SLEEPER_IDS = 'sleeper';

/** What a provider yields per player: exactly the catalogue columns of `players` (never draft state). */
export const providerPlayerSchema = z.object({
  // A NUL or an unpaired surrogate cannot be stored as sent: such a record is dropped like any invalid one (one
  // bad record must not fail the whole sync at the INSERT).
  provider: textSchema('provider').min(1).max(32),
  providerId: textSchema('player id')
    .min(1, { error: 'player id is empty' })
    .max(64, { error: 'player id is too long' }),
  name: textSchema('name', 'name is missing')
    .trim()
    .min(1, { error: 'name is missing' })
    .max(100, { error: 'name is too long' }),
  position: playerPositionSchema,
  team: z
    .string()
    .regex(/^[A-Z]{2,3}$/, { error: 'team must be a 2 or 3 letter team code' })
    .nullable(),
  jerseyNumber: z
    .number({ error: 'jersey number must be a number' })
    .int({ error: 'jersey number must be a whole number from 0 to 99' })
    .min(0, { error: 'jersey number must be a whole number from 0 to 99' })
    .max(99, { error: 'jersey number must be a whole number from 0 to 99' })
    .nullable(),
  age: z
    .number({ error: 'age must be a number' })
    .int({ error: 'age must be a whole number from 15 to 60' })
    .min(15, { error: 'age must be a whole number from 15 to 60' })
    .max(60, { error: 'age must be a whole number from 15 to 60' })
    .nullable(),
  status: textSchema('status').max(40, { error: 'status is too long' }).nullable(),
  injuryStatus: textSchema('injury status').max(40, { error: 'injury status is too long' }).nullable(),
  // Bounds well inside the columns (numeric(7,1), numeric(7,2)): a value outside them is a broken feed.
  projectedPoints: z
    .number({ error: 'projected points must be a number' })
    .min(-1000, { error: 'projected points must be between -1000 and 10000' })
    .max(10_000, { error: 'projected points must be between -1000 and 10000' })
    .nullable(),
  adp: z
    .number({ error: 'ADP must be a number' })
    .min(0, { error: 'ADP must be between 0 and 10000' })
    .max(10_000, { error: 'ADP must be between 0 and 10000' })
    .nullable(),
  auctionValue: z
    .number({ error: 'auction value must be a number' })
    .min(0, { error: 'auction value must be between 0 and 1000' })
    .max(1000, { error: 'auction value must be between 0 and 1000' })
    .nullable(),
});
export type ProviderPlayer = z.infer<typeof providerPlayerSchema>;

/**
 * A source of the player catalogue. `fetchPlayers` answers every usable player, each validated against
 * `providerPlayerSchema`, or throws a ProviderError (unreachable, timed out, not the expected shape, no usable
 * players, too many invalid records). Nothing is written when it throws.
 */
export interface PlayerProvider {
  /** `bundled` or `sleeper`: shown in progress events and recorded with each run. */
  readonly name: string;
  fetchPlayers(signal: AbortSignal): Promise<ProviderPlayer[]>;
}

/** The provider could not give a usable catalogue. The message is the reason shown to the admin. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly provider: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
