import { useCallback, useEffect, useRef } from 'react';

/** docs/product.md §4.9 (Chat and typing) and §9 (Constants): typing stops being signalled after 2 seconds idle. */
export const TYPING_IDLE_MS = 2_000;

/**
 * Signals typing on input and its end after TYPING_IDLE_MS idle, on send, or when the input is emptied. Only changes
 * are sent (one `true` while typing, one `false` at the end).
 */
export function useTypingSignal(send: (isTyping: boolean) => void) {
  const typing = useRef(false);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });

  const stop = useCallback(() => {
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = null;
    if (!typing.current) return;
    typing.current = false;
    sendRef.current(false);
  }, []);

  const input = useCallback(
    (text: string) => {
      if (text.trim() === '') {
        stop();
        return;
      }
      if (!typing.current) {
        typing.current = true;
        sendRef.current(true);
      }
      if (idleTimer.current) clearTimeout(idleTimer.current);
      idleTimer.current = setTimeout(stop, TYPING_IDLE_MS);
    },
    [stop],
  );

  // Leaving the room while typing says so too.
  useEffect(() => stop, [stop]);

  return { input, stop };
}
