// What bench/lighthouse.ts and bench/lighthouse-compare.ts share: the Chromium they drive, the CPU
// slowdown they ask Lighthouse for, and trying a run again when Lighthouse lost its trace.

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * LH_CPU=<n> sets Lighthouse's CPU slowdown (default 4). Used to see this code as a slower machine
 * would: a machine whose main thread is half as fast is roughly this one at twice the slowdown.
 */
export const CPU_SLOWDOWN = process.env.LH_CPU ? Number(process.env.LH_CPU) : undefined;

/** Lighthouse's flags for LH_CPU (none for its default). */
export const throttlingFlags = () =>
  CPU_SLOWDOWN ? { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {};

/**
 * `run`, tried again (twice at most) when Lighthouse lost the page load's trace (NO_NAVSTART,
 * NO_FCP and the like, which it says to run again): on a busy machine that happens now and then.
 */
export async function tryAgainOnLostTrace<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3 || !/run Lighthouse again/i.test(String(error))) throw error;
      console.warn(`${String(error)}; trying again`);
    }
  }
}
