import { useGetDraftValuesQuery } from './api/players.api.js';

/**
 * A player's auction value in the draft's dollars (ADR 0019): current value while available, pre-draft value once
 * sold. Null until the table is in, or for a player the pool does not know.
 */
export function useAuctionValue(draftId: string, playerId: string): number | null {
  const { value } = useGetDraftValuesQuery(draftId, {
    selectFromResult: ({ data }) => ({
      value: data?.players.find((player) => player.playerId === playerId)?.auctionValue ?? null,
    }),
  });
  return value;
}

/**
 * A sold player's value as the last sale shows it (ADR 0019): his pre-draft value, which the table answers only once
 * it counts him sold. Until the table refetched after the sale it still answers his current value (inflation
 * applied), another figure: null then, rather than a value the next refetch replaces.
 */
export function useSoldPlayerValue(draftId: string, playerId: string): number | null {
  const { value } = useGetDraftValuesQuery(draftId, {
    selectFromResult: ({ data }) => {
      const row = data?.players.find((player) => player.playerId === playerId);
      return { value: row !== undefined && !row.available ? row.auctionValue : null };
    },
  });
  return value;
}

/** "value $V" beside a price. */
export function valueText(value: number): string {
  return `value $${value}`;
}
