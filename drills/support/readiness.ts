// Asks a server's GET /api/health/ready every few hundred milliseconds while a drill runs, so
// the drill can say what a load balancer would have seen before, during and after a fault.
import { sleep } from "./shop-client";

export interface Probe {
  at: number;
  /** How long the answer took. */
  ms: number;
  status: number | "network";
}

export interface ReadinessProbe {
  probes: Probe[];
  /** Resolves with the time of the first 200 at or after `from`; fails after `timeoutMs`. */
  readyAgainAfter(from: number, timeoutMs: number): Promise<number>;
  stop(): Promise<void>;
}

export function probeReadiness(
  url: string,
  options: { everyMs?: number; maxMs?: number } = {},
): ReadinessProbe {
  const everyMs = options.everyMs ?? 200;
  const until = Date.now() + (options.maxMs ?? 120_000);
  const probes: Probe[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped && Date.now() < until) {
      const at = Date.now();
      let status: Probe["status"];
      try {
        const res = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = "network";
      }
      probes.push({ at, ms: Date.now() - at, status });
      await sleep(everyMs);
    }
  })();
  return {
    probes,
    async readyAgainAfter(from, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const ok = probes.find((p) => p.at >= from && p.status === 200);
        if (ok) return ok.at;
        if (Date.now() > deadline)
          throw new Error(
            `readiness did not answer 200 within ${timeoutMs} ms; last probes: ${JSON.stringify(probes.slice(-5))}`,
          );
        await sleep(100);
      }
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}
