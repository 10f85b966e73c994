import pg from "pg";
import { describe, expect, it } from "vitest";
import { DatabaseUnreachable, isDatabaseUnavailable } from "./database";

function serverError(code: string, message = "server said no") {
  const error = new pg.DatabaseError(message, message.length, "error");
  error.code = code;
  return error;
}
const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable: which failures answer 503 database_unavailable", () => {
  it.each([
    [
      "the server shutting down (57P01)",
      serverError("57P01", "terminating connection due to administrator command"),
    ],
    ["a crash shutdown (57P02)", serverError("57P02")],
    ["the server starting up (57P03)", serverError("57P03")],
    ["too many clients (53300)", serverError("53300")],
    ["a connection exception (08006)", serverError("08006")],
    ["a statement timeout (57014)", serverError("57014", "canceling statement due to statement timeout")],
    ["a lock timeout (55P03)", serverError("55P03")],
    ["a refused connection", withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["a reset connection", withCode("ECONNRESET")],
    ["every address refusing", new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")], "")],
    ["node-postgres's own connection loss", new Error("Connection terminated unexpectedly")],
    ["the client's read timeout", new Error("Query read timeout")],
    [
      "no connection to be had",
      new DatabaseUnreachable(serverError("55000", 'database "shop" is not currently accepting connections')),
    ],
    ["any of those as a cause", new Error("transaction failed", { cause: serverError("57P01") })],
  ])("%s", (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation (23505)", serverError("23505", "duplicate key value violates unique constraint")],
    ["a check violation (23514)", serverError("23514")],
    ["a syntax error (42601)", serverError("42601")],
    ["an error of the shop's own code", new Error("No handler for topic x")],
    ["something that is not an error", "boom"],
  ])("not %s", (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
