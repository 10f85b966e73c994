// A shopping list's controls wait for a command, not for a reload: a press while the list
// refreshes in the background goes through, and that reload, answering late with the list as
// it was, does not replace the command's answer.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { z } from "zod";
import { logInAs, logOut, testQueryClient } from "@/lib/testing/render";
import { getSession } from "@/lib/session";
import { shopperOf } from "@/entities/shopper";
import { useShoppingList, useShoppingListCommand, type ShoppingList } from "./shopping-list";

const Lines = z.object({ packs: z.number() });
type Lines = z.infer<typeof Lines>;

/** A list whose loads answer only when the test says so. */
function controlledList() {
  const loads: Array<(value: Lines) => void> = [];
  const list: ShoppingList<Lines> = {
    kind: "cart",
    schema: Lines,
    load: (signal) =>
      new Promise<Lines>((resolve, reject) => {
        loads.push(resolve);
        signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      }),
    emptied: () => ({ packs: 0 }),
  };
  return { list, loads };
}

const shopperKey = () => shopperOf(getSession());

beforeEach(() => logInAs(["Customer"]));
afterEach(() => {
  cleanup();
  logOut();
});

describe("a shopping list's controls", () => {
  it("take a command during a reload, and the reload's late answer does not undo it", async () => {
    const { list, loads } = controlledList();
    const queryClient = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({
        state: useShoppingList(list),
        setPacks: useShoppingListCommand(list, {
          name: "set",
          send: async (packs: number) => ({ packs }),
          onError: () => undefined,
        }),
      }),
      { wrapper },
    );

    await waitFor(() => expect(loads).toHaveLength(1));
    act(() => loads[0]!({ packs: 1 }));
    await waitFor(() => expect(result.current.state.list).toEqual({ packs: 1 }));

    // A reload starts in the background (the real-time stream's, say): busy, but no command.
    act(() => void queryClient.invalidateQueries({ queryKey: ["cart"] }));
    await waitFor(() => expect(loads).toHaveLength(2));
    await waitFor(() => expect(result.current.state.isBusy).toBe(true));
    expect(result.current.state.isCommandPending).toBe(false);

    // The press goes through, and its answer is the list.
    await act(() => result.current.setPacks.mutateAsync(3));
    await waitFor(() => expect(result.current.state.list).toEqual({ packs: 3 }));

    // The reload that was on its way answers with the list from before the press: too late.
    act(() => loads[1]!({ packs: 1 }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(queryClient.getQueryData(["cart", shopperKey()])).toEqual({ packs: 3 });
    expect(result.current.state.list).toEqual({ packs: 3 });
  });
});
