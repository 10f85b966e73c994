// The shop's VAPID key arrives base64url, unpadded; PushManager.subscribe takes its bytes.
import { describe, expect, it } from "vitest";
import { vapidKeyBytes } from "./push-subscription";

describe("vapidKeyBytes", () => {
  it("reads base64url without padding, - and _ included", () => {
    const bytes = new Uint8Array([0x04, 0xfb, 0xff, 0xfe, 0x3e, 0x3f, 0x00]);
    const base64url = Buffer.from(bytes).toString("base64url");
    expect(base64url).not.toContain("=");
    expect(base64url).toMatch(/[-_]/);
    expect(Array.from(vapidKeyBytes(base64url))).toEqual(Array.from(bytes));
  });

  it("gives a P-256 public key's 65 bytes", () => {
    const key = Buffer.alloc(65, 7);
    key[0] = 4;
    expect(vapidKeyBytes(key.toString("base64url"))).toHaveLength(65);
  });
});
