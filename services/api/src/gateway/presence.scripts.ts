/**
 * Presence changes as Redis scripts: each one reads and writes several keys, and instances run them concurrently, so
 * they must be atomic for the per-user socket counts (and so the number of distinct users) to stay exact.
 *
 * Keys (see PresenceService): KEYS[1] sockets (sorted set socketId → expires-at ms), KEYS[2] socket-users (hash
 * socketId → {"id","username"}), KEYS[3] user-sockets (hash userId → live sockets of that user).
 */

/**
 * Shared by the scripts that take sockets out (KEYS[4] socket-rooms): one entry, the rooms it is listed in, and its
 * user's count; a user at 0 is no longer active.
 */
const REMOVE_SOCKET = `
local function removeSocket(socketId)
  redis.call('ZREM', KEYS[1], socketId)
  redis.call('HDEL', KEYS[4], socketId)
  local entry = redis.call('HGET', KEYS[2], socketId)
  if not entry then return 0 end
  redis.call('HDEL', KEYS[2], socketId)
  local userId = cjson.decode(entry).id
  if redis.call('HINCRBY', KEYS[3], userId, -1) <= 0 then redis.call('HDEL', KEYS[3], userId) end
  return 1
end
`;

/**
 * Whether a live socket of the user (other than those taken out already) is in the room whose set is `roomKey`.
 */
const USER_STAYS_IN = `
local function userStaysIn(roomKey, userId, now)
  for _, socketId in ipairs(redis.call('SMEMBERS', roomKey)) do
    local expiresAt = redis.call('ZSCORE', KEYS[1], socketId)
    local entry = expiresAt and tonumber(expiresAt) >= tonumber(now) and redis.call('HGET', KEYS[2], socketId)
    if entry and cjson.decode(entry).id == userId then return true end
  end
  return false
end
`;

/**
 * ARGV: socketId, expires-at, userId, entry JSON. Adds (or re-authenticates) one socket; answers the number of
 * distinct active users afterwards.
 */
export const ADD_SOCKET_SCRIPT = `
local previous = redis.call('HGET', KEYS[2], ARGV[1])
local previousUser = previous and cjson.decode(previous).id or nil
if previousUser ~= ARGV[3] then
  if previousUser and redis.call('HINCRBY', KEYS[3], previousUser, -1) <= 0 then
    redis.call('HDEL', KEYS[3], previousUser)
  end
  redis.call('HINCRBY', KEYS[3], ARGV[3], 1)
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[4])
return redis.call('HLEN', KEYS[3])
`;

/**
 * ARGV: expires-at, then socket ids. Pushes the expiry of the sockets still present forward (never resurrects a
 * removed one) and answers the ids that are missing: Redis lost them (a flush, a failover without its data), or they
 * were removed a moment ago; the caller puts back those still connected.
 */
export const REFRESH_SOCKETS_SCRIPT = `
local missing = {}
for i = 2, #ARGV do
  if redis.call('ZSCORE', KEYS[1], ARGV[i]) then
    redis.call('ZADD', KEYS[1], ARGV[1], ARGV[i])
  else
    table.insert(missing, ARGV[i])
  end
end
return missing
`;

/** KEYS[4] socket-rooms. ARGV: socket ids. Answers how many were present. */
export const REMOVE_SOCKETS_SCRIPT = `${REMOVE_SOCKET}
local removed = 0
for _, socketId in ipairs(ARGV) do removed = removed + removeSocket(socketId) end
return removed
`;

/**
 * KEYS[4] socket-rooms. ARGV: now (ms), at most how many, the prefix of the rooms' keys. Drops sockets whose expiry
 * passed (their instance died and stopped refreshing them), out of the rooms they had joined too; answers { how many,
 * then draftId, entry JSON for each room whose users lose the socket's user (no live socket of theirs stays in it) },
 * so the room hears userLeft: its users were never told otherwise.
 */
export const PRUNE_SCRIPT = `${REMOVE_SOCKET}${USER_STAYS_IN}
local expired = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
local answer = { #expired }
for _, socketId in ipairs(expired) do
  local entry = redis.call('HGET', KEYS[2], socketId)
  local joined = redis.call('HGET', KEYS[4], socketId)
  if entry and joined then
    local userId = cjson.decode(entry).id
    for draftId in string.gmatch(joined, '[^,]+') do
      local roomKey = ARGV[3] .. draftId
      redis.call('SREM', roomKey, socketId)
      if not userStaysIn(roomKey, userId, ARGV[1]) then
        table.insert(answer, draftId)
        table.insert(answer, entry)
      end
    end
  end
  removeSocket(socketId)
end
return answer
`;

/**
 * KEYS[4] the draft room's set of socket ids, KEYS[5] socket-rooms (socketId → the draft ids of its rooms, comma
 * separated: what a prune needs to announce a dead instance's users left). ARGV: socketId, now (ms), the socket's
 * userId, the draft id, the most sockets of one user in a room (a socket beyond it is not added: answers { -1 }), the
 * id of the connection this socket replaces ('' if none: a tab that reconnected names its previous one).
 * Adds the socket to the room and answers { 1 if no other live socket of the user was in the room (the user arrives: one userJoined per
 * user and room, even when two tabs join at once, on any instance), 1 if it took the replaced socket's place, then
 * the entries of the room's live sockets }. The replaced socket counts only if it is the same user's: it leaves the
 * room's set, is neither counted against the cap nor listed, and the user does not arrive again (the room knew them
 * by it). Its instance may have died (the socket stays present until its expiry) or may not have noticed yet that the
 * connection is gone (a half-open one stays until the ping timeout): either way it would otherwise hold a place.
 * Ids of sockets no longer present (their instance died, or a disconnect that could not reach Redis) are dropped
 * from the room on the way, so the room costs O(room), never O(everyone).
 */
export const JOIN_ROOM_SCRIPT = `
local arriving = 1
local replaced = 0
local entries = {}
local userSockets = 0
local member = redis.call('SISMEMBER', KEYS[4], ARGV[1]) == 1
for _, socketId in ipairs(redis.call('SMEMBERS', KEYS[4])) do
  local expiresAt = redis.call('ZSCORE', KEYS[1], socketId)
  local entry = expiresAt and tonumber(expiresAt) >= tonumber(ARGV[2]) and redis.call('HGET', KEYS[2], socketId)
  if not entry then
    redis.call('SREM', KEYS[4], socketId)
  elseif socketId ~= ARGV[1] then
    local sameUser = cjson.decode(entry).id == ARGV[3]
    if sameUser then arriving = 0 end
    if sameUser and socketId == ARGV[6] then
      replaced = 1
    else
      if sameUser then userSockets = userSockets + 1 end
      table.insert(entries, entry)
    end
  end
end
if not member and userSockets >= tonumber(ARGV[5]) then return { -1 } end
if replaced == 1 then redis.call('SREM', KEYS[4], ARGV[6]) end
redis.call('SADD', KEYS[4], ARGV[1])
local joined = redis.call('HGET', KEYS[5], ARGV[1])
if not joined then
  redis.call('HSET', KEYS[5], ARGV[1], ARGV[4])
elseif not string.find(',' .. joined .. ',', ',' .. ARGV[4] .. ',', 1, true) then
  redis.call('HSET', KEYS[5], ARGV[1], joined .. ',' .. ARGV[4])
end
local own = redis.call('HGET', KEYS[2], ARGV[1])
if own then table.insert(entries, own) end
table.insert(entries, 1, replaced)
table.insert(entries, 1, arriving)
return entries
`;

/**
 * KEYS[4] the draft room's set of socket ids, KEYS[5] socket-rooms. ARGV: socketId, now (ms), the socket's userId
 * (passed: the socket may already be out of presence on a disconnect), the draft id. Takes the socket out of the room;
 * answers 1 if no other live socket of the user is left in it (the user leaves: one userLeft per user and room), else 0.
 */
export const LEAVE_ROOM_SCRIPT = `${USER_STAYS_IN}
redis.call('SREM', KEYS[4], ARGV[1])
local joined = redis.call('HGET', KEYS[5], ARGV[1])
if joined then
  local rest = {}
  for draftId in string.gmatch(joined, '[^,]+') do
    if draftId ~= ARGV[4] then table.insert(rest, draftId) end
  end
  if #rest == 0 then redis.call('HDEL', KEYS[5], ARGV[1]) else redis.call('HSET', KEYS[5], ARGV[1], table.concat(rest, ',')) end
end
if userStaysIn(KEYS[4], ARGV[3], ARGV[2]) then return 0 end
return 1
`;

/**
 * KEYS[4] the count last broadcast, KEYS[5] when it was broadcast (ms, Redis's clock). ARGV: minimum interval (ms),
 * message budget per second, maximum interval (ms). Answers the number of distinct active users if this caller should
 * broadcast it now, else -1: only when the count differs from the last one broadcast (by any instance) and the time
 * since that broadcast covers what the broadcast would cost now: it reaches every socket, so it waits
 * recipients ÷ budget seconds (at least the minimum, at most the maximum interval). Measured against the recipients
 * *now*, not at the previous broadcast, so sockets arriving in between do not push the cost over the budget
 * (ADR 0021): while sockets connect faster than the budget, the count waits (each got it on authenticating) until
 * the maximum interval.
 */
export const TAKE_COUNT_BROADCAST_SCRIPT = `
local count = redis.call('HLEN', KEYS[3])
if redis.call('GET', KEYS[4]) == tostring(count) then return -1 end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local last = tonumber(redis.call('GET', KEYS[5]) or '0')
local recipients = redis.call('ZCARD', KEYS[1])
local interval = math.floor(recipients * 1000 / tonumber(ARGV[2]))
interval = math.min(tonumber(ARGV[3]), math.max(tonumber(ARGV[1]), interval))
if now - last < interval then return -1 end
redis.call('SET', KEYS[5], tostring(now))
redis.call('SET', KEYS[4], tostring(count))
return count
`;
