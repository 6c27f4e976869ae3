/**
 * Every Redis key, BullMQ queue prefix and socket.io adapter channel starts with this namespace. It is derived from
 * the PostgreSQL database name: instances on the same database share jobs, presence and rooms; copies on another
 * database (a test run, a second checkout) never see them, even on one Redis server.
 */
export function redisNamespaceFor(databaseName: string): string {
  if (!databaseName) throw new TypeError('a Redis namespace needs a database name');
  return `auction:${databaseName}:`;
}

/** `auction:db:` + `presence`, `sockets` → `auction:db:presence:sockets`. */
export function namespacedKey(namespace: string, ...parts: string[]): string {
  return namespace + parts.join(':');
}

/** BullMQ builds keys as `<prefix>:<queue>:<suffix>`; the prefix must not end with the namespace's colon. */
export function bullmqPrefixFor(namespace: string): string {
  return namespacedKey(namespace, 'bull');
}

/** @socket.io/redis-adapter publishes on `<key>#<nsp>#...` channels. */
export function socketIoAdapterKeyFor(namespace: string): string {
  return namespacedKey(namespace, 'socket.io');
}
