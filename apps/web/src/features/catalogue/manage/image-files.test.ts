import { describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, checkImageFiles, formatFileSize } from "./image-files";

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe("checkImageFiles", () => {
  it("accepts PNG, JPEG, WebP and GIF images", () => {
    const files = [
      file("a.png", "image/png"),
      file("b.jpg", "image/jpeg"),
      file("c.webp", "image/webp"),
      file("d.gif", "image/gif"),
    ];
    expect(checkImageFiles(files)).toEqual({ accepted: files, problems: [] });
  });

  it("names each refused file and why", () => {
    const { accepted, problems } = checkImageFiles([
      file("logo.svg", "image/svg+xml"),
      file("notes.pdf", "application/pdf"),
      file("empty.png", "image/png", 0),
      file("huge.jpg", "image/jpeg", MAX_IMAGE_BYTES + 1),
      file("fine.png", "image/png"),
    ]);
    expect(accepted.map((f) => f.name)).toEqual(["fine.png"]);
    expect(problems).toEqual([
      "logo.svg is not a PNG, JPEG, WebP or GIF image.",
      "notes.pdf is not a PNG, JPEG, WebP or GIF image.",
      "empty.png is empty.",
      "huge.jpg is 5.0 MB; images can be at most 5.0 MB.",
    ]);
  });

  it("keeps an upload within 10 images, counting those already chosen", () => {
    const chosen = Array.from({ length: 9 }, (_, i) => file(`${i}.png`, "image/png"));
    const { accepted, problems } = checkImageFiles(
      [file("x.png", "image/png"), file("y.png", "image/png")],
      chosen,
    );
    expect(accepted.map((f) => f.name)).toEqual(["x.png"]);
    expect(problems).toEqual(["y.png was left out: upload at most 10 images at a time."]);
  });

  it("keeps an upload within 20 MB in all", () => {
    const big = (name: string) => file(name, "image/jpeg", 4.5 * 1024 * 1024);
    const { accepted, problems } = checkImageFiles([big("1"), big("2"), big("3"), big("4"), big("5")]);
    expect(accepted).toHaveLength(4);
    expect(problems).toEqual(["5 was left out: one upload can carry at most 20.0 MB."]);
  });
});

describe("formatFileSize", () => {
  it("uses B, KB and MB", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(2048)).toBe("2 KB");
    expect(formatFileSize(3 * 1024 * 1024)).toBe("3.0 MB");
  });
});
