import { describe, expect, it } from "vitest";
import { productImageSources } from "./product-image-sources";

describe("productImageSources", () => {
  const url = "/images/products/2c45423b446bf073703eff3dfb8c044d.webp";

  it("offers every served width in WebP with a JPEG fallback", () => {
    expect(productImageSources(url, [240, 480])).toEqual({
      webpSrcSet:
        "/images/products/2c45423b446bf073703eff3dfb8c044d.webp?w=240 240w, /images/products/2c45423b446bf073703eff3dfb8c044d.webp?w=480 480w",
      fallbackSrcSet:
        "/images/products/2c45423b446bf073703eff3dfb8c044d.jpg?w=240 240w, /images/products/2c45423b446bf073703eff3dfb8c044d.jpg?w=480 480w",
      src: "/images/products/2c45423b446bf073703eff3dfb8c044d.jpg?w=480",
    });
  });

  it("uses any other URL as it is", () => {
    expect(productImageSources("https://cdn.example/x.png")).toEqual({
      webpSrcSet: null,
      fallbackSrcSet: null,
      src: "https://cdn.example/x.png",
    });
  });
});
