// The shop's pages as the server sends them (web-pages.ts, decision 140), with a stand-in for the
// web app's server render written into a made-up build (the real one is tested in the browser
// suite): its data asked of this app's own API in process, a login's page asked for as such, the
// redirect answered as one, a page kept and sent again without rendering it, dropped when the
// catalogue changes, compressed once; and a page with an inline script of React's sent with the
// answer's own nonce in the script and in the Content-Security-Policy.
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { LOGIN_HINT_COOKIE } from "@trade-shop/contracts/http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

const TEMPLATE = `<!doctype html><html><head><!--page-head--></head><body><div id="root"><!--page--></div></body></html>`;

/** The stand-in render: says what it was asked and what the API answered, padded past the compression threshold. */
const RENDER = `
const renders = (globalThis.__pageRenders ??= []);
export async function renderPage(request) {
  renders.push({ url: request.url, login: request.login, origin: request.origin });
  if (request.url === "/old-address") return { kind: "redirect", status: 302, location: "/new-address" };
  const answer = await request.api({
    method: "POST",
    url: "/api/Product/ProductSearch",
    body: { pageNumber: 1, resultsPerPage: 24, categoryFilter: "Chips" },
  });
  const total = answer.status === 200 ? JSON.parse(answer.body).total : "refused " + answer.status;
  const script = request.url.startsWith("/scripted") ? '<script nonce="' + request.nonce + '">$RC()</script>' : "";
  const page = "<p>" + request.url + " login=" + request.login + " total=" + total + "</p>" + script + "<!--" + "x".repeat(3000) + "-->";
  return { kind: "page", status: 200, rendered: request.login ? "shell" : "page", html: request.template.replace("<!--page-->", page) };
}
`;

let t: TestApp;
let webDist: string;
const renders = () =>
  (globalThis as unknown as { __pageRenders: { url: string; login: boolean }[] }).__pageRenders;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), "tradeshop-pages-"));
  await mkdir(path.join(webDist, "ssr"));
  await writeFile(path.join(webDist, "index.html"), TEMPLATE);
  await writeFile(path.join(webDist, "ssr", "entry-server.js"), RENDER);
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});
beforeEach(() => {
  renders().length = 0;
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: "GET", url, headers: { accept: "text/html", ...headers } });

describe("GET a page of the shop", () => {
  it("renders it with the catalogue's answer asked of the app in process, as a visitor", async () => {
    const res = await page("/products?category=Chips&pageNumber=1");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.body).toMatch(/<p>\/products\?category=Chips&pageNumber=1 login=false total=\d+<\/p>/);
    expect(res.body).not.toContain("refused");
    expect(renders()).toEqual([
      { url: "/products?category=Chips&pageNumber=1", login: false, origin: "http://localhost:80" },
    ]);
  });

  it("asks for a login's page as such when the browser says it holds one", async () => {
    const res = await page("/contact", { cookie: `${LOGIN_HINT_COOKIE}=1` });
    expect(res.body).toContain("<p>/contact login=true");
    expect(renders().map((r) => r.login)).toEqual([true]);
  });

  it("answers a redirecting address with the redirect", async () => {
    const res = await page("/old-address");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/new-address");
  });

  it("keeps a page and sends it again without rendering it, until the catalogue changes", async () => {
    const first = await page("/terms-and-conditions?kept=1");
    const again = await page("/terms-and-conditions?kept=1");
    expect(again.body).toBe(first.body);
    expect(renders()).toHaveLength(1);
    // A staff edit of a description is a change to the catalogue: the page is rendered afresh.
    const staff = await t.login("staff");
    const edit = await t.request({
      method: "POST",
      url: "/api/Product/UpdateDescription",
      token: staff,
      body: {
        skuCode: "CHP1374",
        updatedDescription: "Braai Time Biltong Kettle Cooked Chips 80g (new bag)",
      },
    });
    expect(edit.statusCode).toBe(200);
    await page("/terms-and-conditions?kept=1");
    expect(renders()).toHaveLength(2);
  });

  it("sends a kept page compressed as the client takes it, the same page once decompressed", async () => {
    const plain = await page("/contact?compressed=1");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await page("/contact?compressed=1", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(plain.body);
    const gzip = await page("/contact?compressed=1", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString("utf8")).toBe(plain.body);
    expect(renders()).toHaveLength(1);
  });

  it("lets React's inline script run by each answer's own nonce, never a kept one", async () => {
    const nonces = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await page("/scripted");
      const policyNonce = /script-src 'nonce-([^']+)'/.exec(
        String(res.headers["content-security-policy"]),
      )?.[1];
      const scriptNonce = /<script nonce="([^"]+)">\$RC\(\)<\/script>/.exec(res.body)?.[1];
      expect(policyNonce).toBeTruthy();
      expect(scriptNonce).toBe(policyNonce);
      nonces.push(scriptNonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(renders()).toHaveLength(1);
  });

  it("answers an API path nobody serves with a problem, not a page", async () => {
    const res = await t.request({
      method: "GET",
      url: "/api/no-such-thing",
      headers: { accept: "text/html" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "not_found" });
    expect(renders()).toEqual([]);
  });
});
