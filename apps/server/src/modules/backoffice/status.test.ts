import { describe, expect, it } from "vitest";
import { judgeTransition } from "./status";

describe("back-office status transitions", () => {
  it("moves forward through the flow, also skipping steps", () => {
    expect(judgeTransition("Pending", "Submitted")).toBe("changed");
    expect(judgeTransition("Submitted", "Invoiced")).toBe("changed");
    expect(judgeTransition("Dispatched", "Delivered")).toBe("changed");
  });

  it("treats a repeated status as unchanged and an earlier one as a late report", () => {
    expect(judgeTransition("Picking", "Picking")).toBe("unchanged");
    expect(judgeTransition("Invoiced", "Picking")).toBe("stale");
    expect(judgeTransition("Delivered", "Submitted")).toBe("stale");
  });

  it("holds or rejects only orders not yet invoiced, and resumes held ones", () => {
    expect(judgeTransition("Submitted", "On Hold")).toBe("changed");
    expect(judgeTransition("On Hold", "Picking")).toBe("changed");
    expect(judgeTransition("On Hold", "Rejected")).toBe("changed");
    expect(judgeTransition("Invoiced", "On Hold")).toBe("refused");
    expect(judgeTransition("Delivered", "Rejected")).toBe("refused");
  });

  it("never moves a rejected order", () => {
    expect(judgeTransition("Rejected", "Submitted")).toBe("refused");
    expect(judgeTransition("Rejected", "Rejected")).toBe("unchanged");
  });
});
