import { ValidationError } from '../shared/errors.js';
import { requireId } from '../shared/validation.js';
import type { DraftPlayer } from './draft.types.js';

const text = (value: unknown, label: string): string => {
  if (typeof value !== 'string') throw new ValidationError(`${label} must be text`);
  return value.trim();
};

export const requirePlayerId = (value: unknown): string => requireId(value, 'Select a player');

export function requirePlayerName(value: unknown): string {
  const name = text(value, 'Player name');
  if (name.length === 0) throw new ValidationError('Player name is required');
  return name;
}

export const requirePosition = (value: unknown): string => text(value, 'Position');
export const requireNflTeam = (value: unknown): string => text(value, 'NFL team');

/** A player as the handler read it from the catalogue; only the known fields are kept. */
export function requireDraftPlayer(player: unknown): DraftPlayer {
  if (player === null || typeof player !== 'object') throw new ValidationError('Select a player');
  const given = player as Partial<Record<keyof DraftPlayer, unknown>>;
  const points = given.projectedPoints ?? null;
  if (points !== null && (typeof points !== 'number' || !Number.isFinite(points))) {
    throw new ValidationError('Projected points must be a number');
  }
  return {
    playerId: requirePlayerId(given.playerId),
    playerName: requirePlayerName(given.playerName),
    position: requirePosition(given.position),
    nflTeam: requireNflTeam(given.nflTeam),
    projectedPoints: points,
  };
}
