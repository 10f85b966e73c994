// What waits for a page's requests (the service worker's first downloads) starts only once none
// has been in flight for the quiet period, and a request starting meanwhile puts it off again.
import { afterEach, describe, expect, it, vi } from "vitest";
import { trackRequest, whenRequestsQuiet } from "./http-activity";

afterEach(() => {
  vi.useRealTimers();
});

describe("whenRequestsQuiet", () => {
  it("waits for the requests in flight and then for the quiet period, started again by a new request", async () => {
    vi.useFakeTimers();
    let answerFirst!: () => void;
    const first = trackRequest(new Promise<void>((resolve) => (answerFirst = resolve)));
    let quiet = false;
    void whenRequestsQuiet(1000).then(() => (quiet = true));

    await vi.advanceTimersByTimeAsync(5000);
    expect(quiet, "a request is still in flight").toBe(false);

    answerFirst();
    await first;
    await vi.advanceTimersByTimeAsync(600);
    expect(quiet, "not quiet for long enough yet").toBe(false);

    await trackRequest(Promise.resolve());
    await vi.advanceTimersByTimeAsync(600);
    expect(quiet, "the new request started the quiet period again").toBe(false);

    await vi.advanceTimersByTimeAsync(500);
    expect(quiet).toBe(true);
  });
});
