/** The live connection's toasts (their ids keep one of each on screen). */
export const LIVE_TOASTS = {
  connected: 'Connected to live draft',
  connectionError: 'Connection error. Please refresh the page.',
  authError: 'Authentication failed. Please refresh the page.',
} as const;
