import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  dataUrlBytes,
  ImageRefused,
  MAX_IMAGE_BYTES,
  prepareUpload,
  sniffImageKind,
  unsafeSvgReason,
} from "./image-upload";

const svg = (body: string, attributes = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"${attributes}>${body}</svg>`;

describe("sniffImageKind", () => {
  it("knows each accepted format by its first bytes", async () => {
    const base = () => sharp({ create: { width: 4, height: 4, channels: 3, background: "#123456" } });
    expect(sniffImageKind(await base().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageKind(await base().png().toBuffer())).toBe("png");
    expect(sniffImageKind(await base().webp().toBuffer())).toBe("webp");
    expect(sniffImageKind(await base().gif().toBuffer())).toBe("gif");
    expect(sniffImageKind(Buffer.from(`\uFEFF<?xml version="1.0"?>\n<!-- drawn -->\n${svg("")}`))).toBe(
      "svg",
    );
  });

  it("does not take text, HTML or other files for images", () => {
    expect(sniffImageKind(Buffer.from("hello, this is text"))).toBeNull();
    expect(sniffImageKind(Buffer.from("<html><svg></svg></html>"))).toBeNull();
    expect(sniffImageKind(Buffer.from("%PDF-1.7"))).toBeNull();
    expect(sniffImageKind(Buffer.alloc(0))).toBeNull();
  });
});

describe("unsafeSvgReason", () => {
  it("lets a drawing through, same-document references included", () => {
    expect(
      unsafeSvgReason(svg('<defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><use href="#g"/>')),
    ).toBeNull();
  });

  it.each([
    ["script", svg("<script>alert(1)</script>")],
    ["SCRIPT in capitals", svg("<SCRIPT src=x></SCRIPT>")],
    ["event handler", svg("<rect/>", ' onload="alert(1)"')],
    ["foreign object", svg("<foreignObject><div/></foreignObject>")],
    ["external image", svg('<image href="https://example.com/x.png"/>')],
    ["xlink reference", svg("<use xlink:href='other.svg#a'/>")],
    ["javascript link", svg('<a href="javascript:alert(1)"><rect/></a>')],
    ["data reference", svg('<image href="data:image/svg+xml;base64,AAAA"/>')],
    ["CSS url", svg('<rect style="fill:url(https://example.com/a)"/>')],
    ["CSS import", svg("<style>@import 'x.css';</style>")],
    ["entities", `<!DOCTYPE svg [<!ENTITY a "b">]>${svg("&a;")}`],
  ])("refuses an SVG with a %s", (_name, text) => {
    expect(unsafeSvgReason(text)).not.toBeNull();
  });
});

describe("dataUrlBytes", () => {
  it("decodes a base64 data URL and refuses anything else", () => {
    expect(dataUrlBytes("data:image/png;base64,aGk=")?.toString()).toBe("hi");
    expect(dataUrlBytes("data:image/png,hi")).toBeNull();
    expect(dataUrlBytes("https://example.com/x.png")).toBeNull();
  });
});

describe("prepareUpload", () => {
  it("re-encodes as the format the bytes are, and names the result by its hash", async () => {
    const png = await sharp({ create: { width: 3000, height: 1500, channels: 4, background: "#abcdef80" } })
      .png()
      .toBuffer();
    const stored = await prepareUpload(png);
    expect(stored).toMatchObject({ mimeType: "image/png", width: 2000, height: 1000 });
    expect(stored.contentHash).toMatch(/^[0-9a-f]{32}$/);
    expect((await prepareUpload(png)).contentHash).toBe(stored.contentHash);
  });

  it("stores a GIF as a PNG (its first frame)", async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ff0000" } })
      .gif()
      .toBuffer();
    expect((await prepareUpload(gif)).mimeType).toBe("image/png");
  });

  it("refuses empty, oversized and unreadable files with the reason", async () => {
    await expect(prepareUpload(Buffer.alloc(0))).rejects.toThrow(ImageRefused);
    await expect(prepareUpload(Buffer.alloc(MAX_IMAGE_BYTES + 1))).rejects.toThrow(/larger than 5 MB/);
    await expect(prepareUpload(Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2, 3]))).rejects.toThrow(
      /could not be read/,
    );
  });
});
