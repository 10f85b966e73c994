import { describe, expect, it } from "vitest";
import { flaggedBrowser } from "./browser-support";

const agents = {
  ie11: "Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko",
  ie10: "Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)",
  legacyEdge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19582",
  chromiumEdge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  edgeAndroid:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.0.0",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  iphoneSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  iphoneChrome:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1",
  macChrome:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  androidChrome:
    "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  samsungInternet:
    "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
  oldAndroidBrowser:
    "Mozilla/5.0 (Linux; U; Android 4.0.3; en-za; GT-I9100 Build/IML74K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30",
  firefox: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  headlessChromium:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
};

describe("flaggedBrowser", () => {
  it("flags Internet Explorer", () => {
    expect(flaggedBrowser(agents.ie11)).toBe("ie");
    expect(flaggedBrowser(agents.ie10)).toBe("ie");
  });

  it("flags the old EdgeHTML Edge but not today's Chromium Edge", () => {
    expect(flaggedBrowser(agents.legacyEdge)).toBe("edge");
    expect(flaggedBrowser(agents.chromiumEdge)).toBeNull();
    expect(flaggedBrowser(agents.edgeAndroid)).toBeNull();
  });

  it("flags Safari on a Mac, not on an iPhone where every browser is Safari's engine", () => {
    expect(flaggedBrowser(agents.macSafari)).toBe("safari");
    expect(flaggedBrowser(agents.iphoneSafari)).toBeNull();
    expect(flaggedBrowser(agents.iphoneChrome)).toBeNull();
  });

  it("leaves browsers that only mention Safari alone", () => {
    for (const agent of [
      agents.macChrome,
      agents.androidChrome,
      agents.samsungInternet,
      agents.oldAndroidBrowser,
      agents.firefox,
      agents.headlessChromium,
    ]) {
      expect(flaggedBrowser(agent)).toBeNull();
    }
  });

  it("copes with an empty or unknown user agent", () => {
    expect(flaggedBrowser("")).toBeNull();
    expect(flaggedBrowser("curl/8.5.0")).toBeNull();
  });
});
