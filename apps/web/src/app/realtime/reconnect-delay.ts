// How long to wait before reconnecting the real-time stream: doubling from one second to half a
// minute, with "full jitter" so that browsers dropped together (a server restart) do not all
// come back in the same instant.
export const FIRST_RECONNECT_MS = 1000;
export const MAX_RECONNECT_MS = 30_000;

/** `attempt` counts failures since the stream was last open, starting at 0. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RECONNECT_MS, FIRST_RECONNECT_MS * 2 ** Math.max(0, attempt));
  // Never below half the ceiling, so a failing server is not hammered by an unlucky draw.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
