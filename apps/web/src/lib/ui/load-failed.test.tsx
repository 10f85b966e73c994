import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { ApiError } from "../api-client";
import { LoadFailed } from "./load-failed";

afterEach(cleanup);

const problem = (status: number, code: "internal_error" | "database_unavailable" | "not_found") => ({
  type: `/problems/${code}`,
  code,
  title: "Something went wrong",
  status,
  requestId: "4f1c2d3e-0000-4000-8000-00000000abcd",
});

describe("LoadFailed", () => {
  it.each(["page", "card", "inline"] as const)(
    "quotes a server fault's request reference (%s)",
    (variant) => {
      const error = new ApiError(
        503,
        "The shop cannot reach its database at the moment.",
        problem(503, "database_unavailable"),
      );
      render(
        <LoadFailed
          variant={variant}
          message="We could not load your orders."
          error={error}
          onRetry={() => undefined}
        />,
      );
      expect(screen.getByText(/^Reference:/).textContent).toBe(
        "Reference: 4f1c2d3e-0000-4000-8000-00000000abcd",
      );
      expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    },
  );

  it("shows no reference for a refusal the customer can act on, or an error without one", () => {
    render(
      <LoadFailed
        message="We could not load this user."
        error={new ApiError(404, "Not found", problem(404, "not_found"))}
        onRetry={() => undefined}
      />,
    );
    render(
      <LoadFailed
        message="We could not load the users."
        error={new ApiError(0, "You appear to be offline.")}
        onRetry={() => undefined}
      />,
    );
    expect(screen.queryByText(/Reference:/)).toBeNull();
  });
});
