import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Player } from '@auction/contracts';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../../infrastructure/database/database.module.js';
import { PlayerEventsPublisher } from '../../player-events.publisher.js';
import { playerNotFound } from '../../player.errors.js';
import { toPlayerJson, type PlayerRow } from '../../player.mapper.js';
import { PLAYER_COLUMNS, playersIn } from '../../player-search.sql.js';
import { UpdateProjectionsCommand, type ProjectionChanges } from './update-projections.command.js';

const COLUMNS: Record<keyof ProjectionChanges, string> = {
  projectedPoints: 'projected_points',
  adp: 'adp',
  auctionValue: 'auction_value',
};

/** `SET a = $2, b = $3` for the fields present (the player id is $1). */
export function projectionAssignments(changes: ProjectionChanges): { sql: string; values: unknown[] } {
  const present = (Object.keys(COLUMNS) as (keyof ProjectionChanges)[]).filter(
    (field) => changes[field] !== undefined,
  );
  return {
    sql: present.map((field, index) => `${COLUMNS[field]} = $${index + 2}`).join(', '),
    values: present.map((field) => changes[field]),
  };
}

/**
 * Catalogue data edited by an admin. Projections are not event-sourced (like the whole catalogue, they come from
 * a provider), so this is a plain update; the next provider sync writes the provider's values again. The answer
 * and the playerUpdated sent to every room carry the catalogue entry in no draft (nobody drafted): the change
 * concerns every draft, and each room reads its own availability when it refreshes (docs/adr/0015).
 */
@CommandHandler(UpdateProjectionsCommand)
export class UpdateProjectionsHandler implements ICommandHandler<UpdateProjectionsCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(PlayerEventsPublisher) private readonly events: PlayerEventsPublisher,
  ) {}

  async execute({ playerId, changes }: UpdateProjectionsCommand): Promise<Player> {
    const { sql, values } = projectionAssignments(changes);
    const { rows } = await this.pool.query<PlayerRow>(
      `WITH updated AS (UPDATE players SET ${sql}, updated_at = now() WHERE id = $1 RETURNING *)
       SELECT ${PLAYER_COLUMNS} FROM ${playersIn('NULL', 'updated')}`,
      [playerId, ...values],
    );
    if (!rows[0]) throw playerNotFound();
    const player = toPlayerJson(rows[0]);
    this.events.playerUpdated(player, 'updated');
    return player;
  }
}
