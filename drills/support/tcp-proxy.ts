// A TCP proxy on 127.0.0.1 between the server and PostgreSQL, so a drill can make the database
// stop or freeze for this server alone without touching the PostgreSQL others use: `stop` cuts
// every connection and refuses new ones (as a stopped server does), `freeze` keeps connections
// open but passes nothing either way (as a hung server or a cut network does), `resume` undoes
// either.
import { createServer, connect, type Server, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  stop(): Promise<void>;
  freeze(): void;
  resume(): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket | undefined;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let frozen = false;
  let server: Server | undefined;
  let port = 0;

  function link(pair: Pair) {
    const upstream = connect(target);
    pair.upstream = upstream;
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
    const end = () => {
      pair.client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    upstream.on("error", end).on("close", end);
  }

  function accept(client: Socket) {
    const pair: Pair = { client, upstream: undefined };
    pairs.add(pair);
    const end = () => {
      client.destroy();
      pair.upstream?.destroy();
      pairs.delete(pair);
    };
    client.on("error", end).on("close", end);
    // A connection made while frozen waits, unanswered, until the database thaws.
    if (frozen) client.pause();
    else link(pair);
  }

  async function listen() {
    server = createServer(accept);
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(port, "127.0.0.1", () => resolve());
    });
    const address = server.address();
    if (typeof address === "object" && address) port = address.port;
  }

  function cutAll() {
    for (const pair of pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    pairs.clear();
  }

  await listen();
  return {
    get port() {
      return port;
    },
    async stop() {
      const closing = server;
      server = undefined;
      // close() waits for the open connections, so they are cut first.
      const closed = new Promise((resolve) => closing?.close(resolve) ?? resolve(undefined));
      cutAll();
      await closed;
    },
    freeze() {
      frozen = true;
      for (const { client, upstream } of pairs) {
        if (!upstream) continue;
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async resume() {
      if (!server) await listen();
      frozen = false;
      for (const pair of pairs) {
        if (!pair.upstream) {
          link(pair);
          continue;
        }
        pair.client.pipe(pair.upstream);
        pair.upstream.pipe(pair.client);
      }
    },
    async close() {
      const closing = server;
      server = undefined;
      const closed = new Promise((resolve) => closing?.close(resolve) ?? resolve(undefined));
      cutAll();
      await closed;
    },
  };
}
