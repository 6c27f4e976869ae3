import pg from 'pg';
import type { SqlClient } from '@auction/event-store';

/** Every schema a rebuild creates starts with this, so the next rebuild finds and drops a failed one's. */
export const SHADOW_PREFIX = 'rebuild_';
const ident = (name: string) => pg.escapeIdentifier(name);
const qualified = (schema: string, table: string) => `${ident(schema)}.${ident(table)}`;

/**
 * Drops what a killed or failed rebuild left (its shadow schema, or the old tables of a swap it committed but did
 * not clean up). Called under the rebuild lock, so no running rebuild owns one of them.
 */
export async function dropStaleShadows(client: SqlClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)`,
    [SHADOW_PREFIX],
  );
  for (const { name } of rows) await client.query(`DROP SCHEMA IF EXISTS ${ident(name)} CASCADE`);
  return rows.map((row) => row.name);
}

/**
 * Empty copies of the live tables (columns, defaults, NOT NULL and CHECK constraints), UNLOGGED so the bulk load
 * writes no WAL; keys, indexes and foreign keys come after the load (finishShadowTables), built once on full tables.
 */
export async function createShadowTables(
  client: SqlClient,
  schema: string,
  tables: readonly string[],
): Promise<void> {
  await client.query(`CREATE SCHEMA ${ident(schema)}`);
  for (const table of tables) {
    await client.query(
      `CREATE UNLOGGED TABLE ${qualified(schema, table)}
       (LIKE public.${ident(table)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING GENERATED INCLUDING IDENTITY)`,
    );
  }
}

interface ConstraintDef {
  table: string;
  name: string;
  kind: string;
  definition: string;
  referenced: string | null;
}

/** The live tables' keys and foreign keys, as pg prints them (referenced tables unqualified: public is on the path). */
async function constraintsOf(client: SqlClient, tables: readonly string[]): Promise<ConstraintDef[]> {
  const { rows } = await client.query<ConstraintDef>(
    `SELECT rel.relname AS table, con.conname AS name, con.contype AS kind,
            pg_get_constraintdef(con.oid) AS definition, ref.relname AS referenced
     FROM pg_constraint con
     JOIN pg_class rel ON rel.oid = con.conrelid
     JOIN pg_namespace ns ON ns.oid = rel.relnamespace AND ns.nspname = 'public'
     LEFT JOIN pg_class ref ON ref.oid = con.confrelid
     WHERE rel.relname = ANY($1::text[]) AND con.contype IN ('p', 'u', 'x', 'f')
     ORDER BY con.contype DESC, rel.relname, con.conname`,
    [tables],
  );
  return rows;
}

/**
 * Makes the loaded shadow tables like the live ones: logged (crash-safe before they go live), then primary keys,
 * unique constraints and indexes built once over the full tables, then foreign keys added NOT VALID and validated
 * (a share lock on the referenced live tables, not the exclusive lock a plain ADD takes). Runs with the shadow
 * schema first on the search_path, so a foreign key between two rebuilt tables points at the shadow one.
 */
export async function finishShadowTables(
  client: SqlClient,
  schema: string,
  tables: readonly string[],
): Promise<void> {
  const constraints = await liveDefinitions(client, () => constraintsOf(client, tables));
  const indexes = await liveDefinitions(client, () => plainIndexesOf(client, tables));
  await client.query(`SET search_path TO ${ident(schema)}, public`);
  try {
    for (const table of tables) await client.query(`ALTER TABLE ${qualified(schema, table)} SET LOGGED`);
    for (const c of constraints.filter((c) => c.kind !== 'f')) {
      await client.query(
        `ALTER TABLE ${qualified(schema, c.table)} ADD CONSTRAINT ${ident(c.name)} ${c.definition}`,
      );
    }
    for (const index of indexes) {
      await client.query(
        index.definition.replace(` ON public.${index.table} `, ` ON ${qualified(schema, index.table)} `),
      );
    }
    const foreignKeys = constraints.filter((c) => c.kind === 'f');
    for (const c of foreignKeys) {
      await client.query(
        `ALTER TABLE ${qualified(schema, c.table)} ADD CONSTRAINT ${ident(c.name)} ${c.definition} NOT VALID`,
      );
    }
    for (const c of foreignKeys) {
      await client.query(`ALTER TABLE ${qualified(schema, c.table)} VALIDATE CONSTRAINT ${ident(c.name)}`);
    }
    for (const table of tables) await client.query(`ANALYZE ${qualified(schema, table)}`);
  } finally {
    await client.query('SET search_path TO DEFAULT');
  }
}

/** Reads catalogue definitions with public alone on the path, so pg prints public names unqualified. */
async function liveDefinitions<T>(client: SqlClient, read: () => Promise<T>): Promise<T> {
  await client.query('SET search_path TO public');
  try {
    return await read();
  } finally {
    await client.query('SET search_path TO DEFAULT');
  }
}

/** Indexes that no constraint owns (those come back with their constraint). */
async function plainIndexesOf(
  client: SqlClient,
  tables: readonly string[],
): Promise<{ table: string; definition: string }[]> {
  const { rows } = await client.query<{ table: string; definition: string }>(
    `SELECT rel.relname AS table, pg_get_indexdef(idx.indexrelid) AS definition
     FROM pg_index idx
     JOIN pg_class rel ON rel.oid = idx.indrelid
     JOIN pg_namespace ns ON ns.oid = rel.relnamespace AND ns.nspname = 'public'
     WHERE rel.relname = ANY($1::text[])
       AND NOT EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = idx.indexrelid)
     ORDER BY rel.relname`,
    [tables],
  );
  return rows;
}

/** Foreign keys of tables outside the rebuild that point into it: the swap re-points them at the new tables. */
export async function inboundForeignKeys(
  client: SqlClient,
  tables: readonly string[],
): Promise<ConstraintDef[]> {
  return liveDefinitions(client, async () => {
    const { rows } = await client.query<ConstraintDef>(
      `SELECT rel.relname AS table, con.conname AS name, con.contype AS kind,
              pg_get_constraintdef(con.oid) AS definition, ref.relname AS referenced
       FROM pg_constraint con
       JOIN pg_class rel ON rel.oid = con.conrelid
       JOIN pg_class ref ON ref.oid = con.confrelid
       JOIN pg_namespace ns ON ns.oid = ref.relnamespace AND ns.nspname = 'public'
       JOIN pg_namespace relns ON relns.oid = rel.relnamespace AND relns.nspname = 'public'
       WHERE con.contype = 'f' AND ref.relname = ANY($1::text[]) AND NOT (rel.relname = ANY($1::text[]))`,
      [tables],
    );
    return rows;
  });
}

export type { ConstraintDef };
