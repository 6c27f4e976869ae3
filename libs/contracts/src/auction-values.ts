import { z } from 'zod';
import { playerPositionSchema } from './players.js';

/*
 * Auction values (issue 13, part 3; docs/adr/0019): GET /drafts/{id}/values. Whole dollars for that draft's budget,
 * team count and roster size, recomputed with inflation as players are sold.
 */

export const playerAuctionValueSchema = z.object({
  /** The provider id, as picks store it. */
  playerId: z.string(),
  name: z.string(),
  position: playerPositionSchema,
  /** Current value (inflation applied) while available; a sold player keeps its pre-draft value. */
  auctionValue: z.number().int(),
  /** False once sold in this draft: the room shows its value beside the price it went for. */
  available: z.boolean(),
});
export type PlayerAuctionValueRow = z.infer<typeof playerAuctionValueSchema>;

export const draftValuesDataSchema = z.object({
  /** Money left above $1 per open slot over the value above $1 still available; 1 before any sale. */
  inflation: z.number(),
  /** Every player of the pool, available ones first, each highest value first. */
  players: z.array(playerAuctionValueSchema),
});
export type DraftValuesData = z.infer<typeof draftValuesDataSchema>;
