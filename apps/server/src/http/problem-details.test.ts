// The error handler and the log tell a failure of the server from a client that went away
// mid-answer: the first is an error in the log and a 500 problem, the second only a note
// (operators read error lines as failures here).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { loggerOptions } from "./logging";
import { registerProblemDetails } from "./problem-details";

interface LogLine {
  level: number;
  msg: string;
}

function logged() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString("utf8")) as LogLine);
      done();
    },
  });
  return { lines, stream };
}

async function serverWith(handler: (request: http.IncomingMessage) => void) {
  const { lines, stream } = logged();
  const app = Fastify({ logger: { ...loggerOptions("info"), stream } });
  registerProblemDetails(app);
  app.get("/answer", async (request) => {
    handler(request.raw);
    throw new Error("premature close");
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  return { app, lines, port: (app.server.address() as AddressInfo).port };
}

const get = (port: number) =>
  new Promise<{ status?: number; error?: string }>((resolve) => {
    http
      .get({ host: "127.0.0.1", port, path: "/answer" }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode }));
      })
      .on("error", (error) => resolve({ error: error.message }));
  });

describe("the error handler", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("answers a server failure with a 500 problem and logs it as an error", async () => {
    const { app, lines, port } = await serverWith(() => undefined);
    close = () => app.close();
    expect(await get(port)).toEqual({ status: 500 });
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual(["unhandled error"]);
  });

  it("only notes a client that closed the connection before its answer", async () => {
    const { app, lines, port } = await serverWith((request) => request.socket.destroy());
    close = () => app.close();
    expect((await get(port)).error).toMatch(/socket hang up|ECONNRESET/);
    await expect
      .poll(() => lines.map((line) => line.msg))
      .toContain("the client closed the connection before its answer was sent");
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
  });
});

describe("the server's log", () => {
  it("notes a stream broken by a client's going at info, where a library logs it as an error", async () => {
    const { lines, stream } = logged();
    const app = Fastify({ logger: { ...loggerOptions("info"), stream } });
    // As @fastify/compress's pump reports it: end-of-stream's bare error, and Node's coded one.
    app.log.error(new Error("premature close"));
    app.log.error(Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" }));
    app.log.error(new Error("disk full"));
    await app.close();
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [30, "the client closed the connection before its answer was sent"],
      [30, "the client closed the connection before its answer was sent"],
      [50, "disk full"],
    ]);
  });
});
