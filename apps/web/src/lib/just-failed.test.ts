import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ERROR_TOAST_MS } from "./api-client";
import { unlessJustFailed } from "./just-failed";

describe("unlessJustFailed: a failure said moments ago is not asked again on mounting", () => {
  afterEach(() => vi.useRealTimers());

  it("holds back while the failure's toast would be on screen, and only then", () => {
    const at = (errorUpdatedAt: number) =>
      ({ state: { errorUpdatedAt } }) as Parameters<typeof unlessJustFailed>[0];
    expect(unlessJustFailed(at(10_000), 10_000 + ERROR_TOAST_MS - 1)).toBe(false);
    expect(unlessJustFailed(at(10_000), 10_000 + ERROR_TOAST_MS)).toBe(true);
    expect(unlessJustFailed(at(0), 10_000)).toBe(true); // never failed
  });

  it("lets a page that mounts at once take the failure, and one that mounts later ask again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const ask = vi.fn(async () => {
      throw new Error("refused");
    });
    const options = { queryKey: ["page"], queryFn: ask, retryOnMount: unlessJustFailed };
    await client.prefetchQuery(options);
    expect(ask).toHaveBeenCalledTimes(1);

    const mount = () => {
      const observer = new QueryObserver(client, options);
      return observer.subscribe(() => undefined);
    };
    const first = mount();
    expect(ask).toHaveBeenCalledTimes(1);
    first();

    vi.setSystemTime(Date.now() + ERROR_TOAST_MS);
    const later = mount();
    await vi.waitFor(() => expect(ask).toHaveBeenCalledTimes(2));
    later();
  });
});
