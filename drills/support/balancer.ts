// HAProxy in front of a drill's server processes, with the configuration `npm run start:cluster`
// uses (scripts/cluster/haproxy.mjs), on free loopback ports, and its stats page to ask which
// servers it considers up.
import { haproxyConfig, serverStates, startHaproxy } from "../../scripts/cluster/haproxy.mjs";
import { freePort } from "../../scripts/shop-server.mjs";
import { sleep } from "./shop-client";

export interface Balancer {
  url: string;
  /** Requests haproxy logged as abnormal (5xx, retries, cut connections). */
  logs: string[];
  /** Resolves once haproxy reports every named server in a state starting with `state` ("UP", "DOWN"). */
  waitFor(names: readonly string[], state: "UP" | "DOWN", timeoutMs: number): Promise<number>;
  stop(): Promise<void>;
}

export async function startBalancer(servers: readonly { name: string; port: number }[]): Promise<Balancer> {
  const port = await freePort();
  const statsPort = await freePort();
  const logs: string[] = [];
  const haproxy = await startHaproxy({
    config: haproxyConfig({ port, servers, statsPort }),
    port,
    onLine: (line) => logs.push(line),
  });
  return {
    url: `http://127.0.0.1:${port}`,
    logs,
    async waitFor(names, state, timeoutMs) {
      const started = Date.now();
      let states: Record<string, string> = {};
      while (Date.now() - started < timeoutMs) {
        states = await serverStates(statsPort);
        if (names.every((n) => states[n]?.startsWith(state))) return Date.now() - started;
        await sleep(100);
      }
      throw new Error(
        `haproxy did not report ${names.join(", ")} ${state} within ${timeoutMs} ms: ${JSON.stringify(states)}`,
      );
    },
    stop: () => haproxy.stop(),
  };
}
