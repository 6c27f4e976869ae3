import { Injectable } from '@nestjs/common';
import { draftIdOfStream, type DraftEvent, type Pick } from '@auction/domain';
import type { SqlClient } from '@auction/event-store';
import type { Projection, UpcastRecord } from '../../infrastructure/event-sourcing/projection.js';

const PICK_EVENTS = new Set<string>([
  'PlayerSold',
  'KeeperAdded',
  'PickUpdated',
  'PickUndone',
  'KeeperRemoved',
  'DraftDeleted',
]);

type NewPick = { draftId: string; pick: Pick; at: Date };

/**
 * `picks`, each draft's live picks (also its player availability, docs/adr/0015), from the draft streams alone.
 * Consecutive new picks (sales, keepers) are inserted in one statement; a correction, an undo or a deletion
 * flushes them first, so rows equal a one-by-one application whatever the batching. The row id is the pick's id
 * (the upcaster gives picks stored without one their legacy id).
 */
@Injectable()
export class PicksProjection implements Projection<DraftEvent> {
  readonly name = 'picks';
  readonly tables = ['picks'] as const;

  handles(eventType: string): boolean {
    return PICK_EVENTS.has(eventType);
  }

  async apply(events: readonly UpcastRecord<DraftEvent>[], tx: SqlClient): Promise<void> {
    let inserts: NewPick[] = [];
    for (const { event, streamId, recordedAt } of events) {
      const draftId = draftIdOfStream(streamId);
      if (event.type === 'PlayerSold' || event.type === 'KeeperAdded') {
        inserts.push({ draftId, pick: event.data.pick, at: recordedAt });
        continue;
      }
      await insertPicks(tx, inserts);
      inserts = [];
      await applyCorrection(tx, draftId, event);
    }
    await insertPicks(tx, inserts);
  }
}

async function insertPicks(tx: SqlClient, rows: readonly NewPick[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO picks (id, draft_id, pick_number, player_id, player_name, position, nfl_team, team_id, cost,
                        created_at, source, picked_at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[],
                          $8::uuid[], $9::int[], $10::timestamptz[], $11::text[], $12::timestamptz[])`,
    [
      rows.map((r) => r.pick.pickId),
      rows.map((r) => r.draftId),
      rows.map((r) => r.pick.pickNumber),
      rows.map((r) => r.pick.playerId),
      rows.map((r) => r.pick.playerName),
      rows.map((r) => r.pick.position),
      rows.map((r) => r.pick.nflTeam),
      rows.map((r) => r.pick.teamId),
      rows.map((r) => r.pick.cost),
      rows.map((r) => r.at),
      rows.map((r) => r.pick.source),
      rows.map((r) => r.pick.pickedAt),
    ],
  );
}

async function applyCorrection(tx: SqlClient, draftId: string, event: DraftEvent): Promise<void> {
  switch (event.type) {
    case 'PickUpdated': {
      const { pick, previous } = event.data;
      await tx.query(
        `UPDATE picks SET player_id = $2, player_name = $3, position = $4, nfl_team = $5, team_id = $6, cost = $7
         WHERE id = $1`,
        [
          previous.pickId,
          pick.playerId,
          pick.playerName,
          pick.position,
          pick.nflTeam,
          pick.teamId,
          pick.cost,
        ],
      );
      return;
    }
    case 'KeeperRemoved':
    case 'PickUndone': {
      const { pick } = event.data;
      const { rows } = await tx.query<{ pick_number: number }>(
        `DELETE FROM picks WHERE id = $1 RETURNING pick_number`,
        [pick.pickId],
      );
      const removed = rows[0]?.pick_number ?? pick.pickNumber;
      // Later picks move up one number (the constraint is checked at the end of the statement).
      await tx.query(
        `UPDATE picks SET pick_number = pick_number - 1 WHERE draft_id = $1 AND pick_number > $2`,
        [draftId, removed],
      );
      return;
    }
    case 'DraftDeleted':
      // Its players are available in it again with its picks gone; no other draft's availability moves.
      await tx.query(`DELETE FROM picks WHERE draft_id = $1`, [draftId]);
      return;
    default:
      return;
  }
}
