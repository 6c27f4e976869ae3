/** The shared ioredis client (`Redis` from ioredis). Keys must be built with the namespace below. */
export const REDIS = Symbol('REDIS');
/** The namespace string, `auction:<database name>:`. */
export const REDIS_NAMESPACE = Symbol('REDIS_NAMESPACE');
