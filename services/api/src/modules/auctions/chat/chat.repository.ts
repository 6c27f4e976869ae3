import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CHAT_HISTORY_LIMIT, type ChatMessage } from '@auction/contracts';
import type { Pool } from 'pg';
import type { AuthUser } from '../../../common/auth/index.js';
import { PG_POOL } from '../../../infrastructure/database/database.module.js';

interface ChatRow {
  id: string;
  draft_id: string;
  user_id: string;
  username: string;
  role: string;
  message: string;
  created_at: Date;
}

const toChatJson = (row: ChatRow): ChatMessage => ({
  _id: row.id,
  draftId: row.draft_id,
  user: { _id: row.user_id, username: row.username, role: row.role },
  message: row.message,
  timestamp: row.created_at.toISOString(),
});

/** The draft room's chat, in PostgreSQL (it outlives a Redis restart); the sender's name and role as they were. */
@Injectable()
export class ChatRepository {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /**
   * Stores a message, or answers null when the draft is gone: sockets that joined before a deletion are still in the
   * room, and their messages must not land in a deleted draft's chat. One statement, so a deletion cannot slip in.
   */
  async add(draftId: string, user: AuthUser, message: string): Promise<ChatMessage | null> {
    const { rows } = await this.pool.query<ChatRow>(
      `INSERT INTO chat_messages (id, draft_id, user_id, username, role, message, created_at)
       SELECT $1, $2, $3, $4, $5, $6, now()
       WHERE EXISTS (SELECT 1 FROM drafts WHERE id = $2 AND deleted_at IS NULL)
       RETURNING *`,
      [randomUUID(), draftId, user.id, user.username, user.role, message],
    );
    return rows[0] ? toChatJson(rows[0]) : null;
  }

  /** The last messages of a draft, oldest first (the order a chat shows them). */
  async recent(draftId: string, limit = CHAT_HISTORY_LIMIT): Promise<ChatMessage[]> {
    const { rows } = await this.pool.query<ChatRow>(
      `SELECT * FROM chat_messages WHERE draft_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [draftId, limit],
    );
    return rows.reverse().map(toChatJson);
  }
}
