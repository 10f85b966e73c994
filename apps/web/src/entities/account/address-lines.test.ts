import { describe, expect, it } from "vitest";
import { addressLines } from "./address-lines";

describe("addressLines", () => {
  it("keeps the parts in order and leaves out empty ones", () => {
    expect(
      addressLines({
        address1: "12 Main Road",
        address2: " ",
        address3: "Soweto",
        address4: null,
        address5: "South Africa",
        addressPC: "1804",
      }),
    ).toEqual(["12 Main Road", "Soweto", "South Africa", "1804"]);
  });
});
