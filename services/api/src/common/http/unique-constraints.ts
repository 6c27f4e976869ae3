/**
 * Friendly messages for unique violations (SQLSTATE 23505) by constraint or index name. The handlers check first
 * and answer these same messages; this table covers the race where two requests pass the check together.
 */
export const UNIQUE_CONSTRAINT_MESSAGES: Readonly<Record<string, string>> = {
  users_username_lower_unique: 'Username is already taken',
  users_email_lower_unique: 'Email is already registered',
  teams_owner_unique: 'This user already owns a team',
};

export const DEFAULT_UNIQUE_MESSAGE = 'A record with the same value already exists';
