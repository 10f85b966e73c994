// Every Vitest project loads this: a test that makes anything call console.error fails, so a
// React warning, an unhandled rejection logged by a library or a forgotten debug line cannot
// pass unnoticed. The message is still printed, so the failure says what was logged.
import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

let logged: string[] = [];
let guard: MockInstance<typeof console.error> | undefined;

beforeEach(() => {
  logged = [];
  const original = console.error.bind(console);
  guard = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(" "));
    original(...args);
  });
});

afterEach(() => {
  // A test may have restored every mock itself, or silenced an error it expects with its own spy.
  guard?.mockRestore();
  guard = undefined;
  if (logged.length > 0) {
    const first = logged[0]!.slice(0, 500);
    throw new Error(`console.error was called ${logged.length} time(s) during this test; first: ${first}`);
  }
});
