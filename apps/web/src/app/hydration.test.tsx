// The public pages as the server renders them and the browser hydrates them (docs/decisions/0140),
// both in this process: renderPage (entry-server.tsx, React's server renderer) writes the page
// from fixture answers of the shop's API, the page goes into happy-dom, and startApp hydrates it
// with React's development build, which reports what production React lets pass: any attribute
// or text of the server's HTML that the first render in the browser would have otherwise. Such a
// report is a console.error, which fails the test (test-support/console-guard.ts); the test also
// says so itself. Each page is hydrated at a phone's width and a wide one (the server renders as
// if wide; useMediaQuery answers the server's value while hydrating and the screen's after).
// Then: every element of the server's page is React's (nothing left unhydrated, nothing rendered
// anew), the app asked the network for nothing the page showed, and the page answers a click.
// The page goes into the document as a browser gets it: the inline scripts run (index.html's, and
// React's own, which put a part the server sent outlined in its place), then the app starts.
import type { Readable } from "node:stream";
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from "vitest";
import userEvent from "@testing-library/user-event";
import type * as React from "react";
import type * as ReactDomClient from "react-dom/client";
import {
  GetProductBySkuCodeRequest,
  Product,
  ProductSearchRequest,
  ProductSearchResult,
} from "@trade-shop/contracts/catalogue";
import { ProductImages } from "@trade-shop/contracts/catalogue-images";
import indexHtml from "../../index.html?raw";
import {
  chipsProduct,
  chipsSearchResult,
  product,
  productExtendedData,
  productImages,
} from "@/features/catalogue/product.fixture";

/**
 * Every React context made in this process, with its default value. The server's renderer and the
 * browser's share one process here, and with it the contexts of the packages both load (React
 * Router, TanStack Query). React's server renderer leaves its mark on each context it provided
 * (which React DOM's development build then reports as "multiple renderers concurrently rendering
 * the same context provider"), and leaves the values of a part it rendered late (a lazily loaded
 * component's) in the contexts around it, React Router's location among them (which the browser's
 * router would take for "a <Router> inside another <Router>"). In the shop the two run in different
 * processes, so the test puts every context back as a fresh process has it between the two
 * (`asIfAnotherProcess`). Recorded by wrapping React's createContext before any module imports
 * React (vi.hoisted runs before the imports).
 */
const contexts = await vi.hoisted(async () => {
  const { createRequire } = await import("node:module");
  const react = createRequire(import.meta.url)("react") as typeof React;
  const made: Array<{ context: Record<string, unknown>; defaultValue: unknown }> = [];
  const createContext = react.createContext;
  react.createContext = ((defaultValue: unknown) => {
    const context = createContext(defaultValue);
    made.push({ context: context as unknown as Record<string, unknown>, defaultValue });
    return context;
  }) as typeof createContext;
  return made;
});

/** Every context as a fresh process has it: its default value, marked by no renderer. */
function asIfAnotherProcess() {
  for (const { context, defaultValue } of contexts) {
    context._currentValue = defaultValue;
    context._currentValue2 = defaultValue;
    context._currentRenderer = null;
    context._currentRenderer2 = null;
  }
}

/** The roots the app made: hydrated (a server's page) or created (rendered from nothing). */
const roots = vi.hoisted(() => ({
  hydrated: [] as ReactDomClient.Root[],
  created: [] as ReactDomClient.Root[],
}));

vi.mock("react-dom/client", async (importOriginal) => {
  const actual = await importOriginal<typeof ReactDomClient>();
  return {
    ...actual,
    hydrateRoot: (...args: Parameters<typeof actual.hydrateRoot>) => {
      const root = actual.hydrateRoot(...args);
      roots.hydrated.push(root);
      return root;
    },
    createRoot: (...args: Parameters<typeof actual.createRoot>) => {
      const root = actual.createRoot(...args);
      roots.created.push(root);
      return root;
    },
  };
});

const ORIGIN = "https://shop.test";
/** The answer's Content-Security-Policy nonce, which React's inline scripts carry. */
const NONCE = "test-nonce";
const LIST = "/products?category=Chips&pageNumber=1";
/** Products in the Chips category: three pages of 24. */
const CHIPS_TOTAL = 53;
/** The product whose page is opened: everything its pack says filled in. */
const SHOWN = product({
  skuCode: "CHP1374",
  extendedData: productExtendedData("CHP1374"),
});
const PRODUCT_PAGE = `/products/${SHOWN.skuCode}`;
const CONTACT = "/contact";

const WIDTHS = { phone: 390, wide: 1440 } as const;
type Width = keyof typeof WIDTHS;

// ---------------------------------------------------------------------------------------------
// The shop's API, answered from the fixtures and parsed with the contracts, so a fixture that
// drifts from what the server sends fails here rather than passing on a shape the server never has.

const catalogue = new Map<string, Product>(
  [...Array.from({ length: CHIPS_TOTAL }, (_, i) => chipsProduct(i)), SHOWN].map((p) => [p.skuCode, p]),
);

type Call = { method: string; path: string; body: unknown };

function answer({ method, path, body }: Call): { status: number; body: unknown } {
  const { pathname } = new URL(path, ORIGIN);
  if (method === "POST" && pathname === "/api/Product/ProductSearch") {
    const request = ProductSearchRequest.parse(body);
    if (request.categoryFilter !== "Chips")
      throw new Error(`no fixture for the search ${JSON.stringify(request)}`);
    return { status: 200, body: ProductSearchResult.parse(chipsSearchResult(request, CHIPS_TOTAL)) };
  }
  if (method === "POST" && pathname === "/api/Product/GetProductBySkuCode") {
    const { skuCode } = GetProductBySkuCodeRequest.parse(body);
    const found = catalogue.get(skuCode);
    if (!found) throw new Error(`no fixture for the product ${skuCode}`);
    return { status: 200, body: Product.parse(found) };
  }
  const images = /^\/api\/Product\/GetProductImages\/([^/]+)$/.exec(pathname);
  if (method === "GET" && images?.[1] !== undefined) {
    const skuCode = decodeURIComponent(images[1]);
    return { status: 200, body: ProductImages.parse(productImages(skuCode)) };
  }
  throw new Error(`no fixture for ${method} ${path}`);
}

/** What the server asked its API in process for the page. */
let serverCalls: Call[] = [];

async function inProcessApi(call: { method: string; url: string; body?: unknown }) {
  const asked = { method: call.method, path: call.url, body: call.body };
  serverCalls.push(asked);
  const { status, body } = answer(asked);
  return { status, body: JSON.stringify(body) };
}

/** The browser's fetch: answers as the API would, and is asked nothing the page already showed. */
const browserFetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = input instanceof Request ? input.url : String(input);
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
  const { status, body: json } = answer({ method, path: new URL(url, ORIGIN).pathname, body });
  return new Response(JSON.stringify(json), { status, headers: { "Content-Type": "application/json" } });
});

/** What the browser asked, as "METHOD /path". */
const fetched = () =>
  browserFetch.mock.calls.map(([input, init]) => {
    const url = input instanceof Request ? input.url : String(input);
    return `${(init?.method ?? "GET").toUpperCase()} ${new URL(url, ORIGIN).pathname}`;
  });

// ---------------------------------------------------------------------------------------------
// The screen: matchMedia answering width queries for one width, as use-media-query.test.tsx stubs it.

function screenOf(width: number) {
  const px = (value: string, unit: string) => Number(value) * (unit === "px" ? 1 : 16);
  return (query: string): MediaQueryList => {
    const min = /min-width:\s*([\d.]+)(px|rem|em)/.exec(query);
    const max = /max-width:\s*([\d.]+)(px|rem|em)/.exec(query);
    const matches =
      (min !== null || max !== null) &&
      (min === null || width >= px(min[1]!, min[2]!)) &&
      (max === null || width <= px(max[1]!, max[2]!));
    return {
      media: query,
      matches,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  };
}

// ---------------------------------------------------------------------------------------------
// The page: rendered by the server, then put in happy-dom's document as a browser parses it.

/** The document as the server sends it (renderPage gives it whole, or as a stream in some versions). */
async function text(html: string | Readable): Promise<string> {
  if (typeof html === "string") return html;
  let whole = "";
  for await (const chunk of html)
    whole += typeof chunk === "string" ? chunk : (chunk as Buffer).toString("utf8");
  return whole;
}

/** The server's answer for a visitor asking for `url`: the whole document. */
async function serverPage(url: string): Promise<string> {
  asIfAnotherProcess();
  const { renderPage } = await import("@/entry-server");
  // The wrapper above saw the contexts made (else the marks would go unwiped and React report them).
  const { UNSAFE_LocationContext } = await import("react-router");
  expect(contexts.map(({ context }) => context)).toContain(UNSAFE_LocationContext);
  const page = await renderPage({
    url,
    origin: ORIGIN,
    login: false,
    api: inProcessApi,
    template: indexHtml,
    nonce: NONCE,
  });
  if (page.kind !== "page") throw new Error(`the server answered ${url} with a redirect to ${page.location}`);
  expect(page.status).toBe(200);
  expect(page.rendered).toBe("page");
  return text(page.html);
}

/** Puts the document's parts in place: <html>'s attributes, its <head> and its <body>. */
function load(html: string, url: string) {
  const parts = /<html([^>]*)>\s*<head>([\s\S]*)<\/head>\s*<body>([\s\S]*)<\/body>\s*<\/html>\s*$/.exec(html);
  if (!parts) throw new Error("the server's answer is not a whole document");
  const [, htmlAttributes = "", head = "", body = ""] = parts;
  const root = document.documentElement;
  for (const name of root.getAttributeNames()) root.removeAttribute(name);
  for (const [, name, value] of htmlAttributes.matchAll(/([\w-]+)="([^"]*)"/g))
    root.setAttribute(name!, value!);
  window.history.replaceState(null, "", url);
  document.head.innerHTML = head;
  // The page's own entry script is left out: the test starts the app itself, as main.tsx would.
  document.body.innerHTML = body.replace(/<script type="module" src="[^"]*"><\/script>/, "");
  // Markup set as HTML runs none of its scripts; a browser runs the inline ones as it parses the
  // page, before the (deferred) app starts: index.html's own, and React's under the page's nonce,
  // which put a part the server sent outlined (a large one, such as what a product's pack says)
  // in its place.
  for (const script of document.querySelectorAll("script")) {
    const classic = script.type === "" || script.type === "text/javascript";
    if (!classic || script.src) continue;
    if (script.closest("#root")) expect(script.getAttribute("nonce")).toBe(NONCE);
    new Function(script.textContent).call(window);
  }
}

/** The page state the server put in the document. */
function pageState(): { rendered: string; queries?: { queries: Array<{ queryKey: unknown[] }> } } {
  return JSON.parse(document.getElementById("tradeshop-state")?.textContent ?? "null") as ReturnType<
    typeof pageState
  >;
}

/**
 * Elements under `root` React has not claimed: left unhydrated (a boundary still waiting), or not
 * React's at all. React keeps its fiber on each element it owns under a key of its own; happy-dom's
 * forms and selects are proxies whose own keys are their controls, so the key is read, not listed.
 */
function unclaimed(root: Element): Element[] {
  const probe = root.firstElementChild;
  const fiberKey = probe ? Object.keys(probe).find((key) => key.startsWith("__reactFiber$")) : undefined;
  if (fiberKey === undefined) return [root];
  return [...root.querySelectorAll("*")].filter(
    (element) =>
      (element as unknown as Record<string, unknown>)[fiberKey] === undefined &&
      // React's own inline scripts (run as the page was parsed), which are not part of the app.
      !(element.tagName === "SCRIPT" && element.getAttribute("nonce") === NONCE),
  );
}

const describeElement = (element: Element) =>
  `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} class="${element.getAttribute("class") ?? ""}">`;

/**
 * Starts the app on the page in the document as main.tsx does, and waits until the app says it is
 * ready and every element of the server's page is React's; then checks it was hydrated (not
 * rendered anew) and kept the server's nodes.
 */
async function hydrate() {
  const container = document.getElementById("root");
  if (!container) throw new Error("the page has no #root");
  // The server's nodes: hydration keeps them; a mismatch makes React throw them away and render anew.
  const serverNodes = [...container.querySelectorAll("h1, main, header, footer")];
  expect(serverNodes.length).toBeGreaterThanOrEqual(4);

  // A fresh copy of the app's modules, as a browser has its own (nothing shared with the server's render).
  vi.resetModules();
  asIfAnotherProcess();
  const { startApp } = await import("./start-app");
  await startApp(container);

  await vi.waitFor(
    () => {
      expect(document.documentElement.dataset.app).toBe("ready");
      expect(unclaimed(container).map(describeElement)).toEqual([]);
    },
    { timeout: 20_000, interval: 20 },
  );
  // Whatever React still has to do for the page (effects, the screen's own width) runs now.
  await new Promise((done) => setTimeout(done, 50));

  expect(roots.hydrated).toHaveLength(1);
  expect(roots.created).toHaveLength(0);
  for (const node of serverNodes) expect(node.isConnected, describeElement(node)).toBe(true);
  return container;
}

/** Fails on any report of React's about hydration (the console guard fails the test as well). */
function expectNoHydrationReport(errors: MockInstance<typeof console.error>) {
  const said = errors.mock.calls.map((args) =>
    args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack ?? ""}` : String(arg))).join(" "),
  );
  expect(said.filter((message) => /hydrat/i.test(message))).toEqual([]);
}

/** Clicks the theme switch and sees <html> take the dark theme. */
async function toggleTheme() {
  const user = userEvent.setup();
  const root = document.documentElement;
  expect(root.classList.contains("light-theme")).toBe(true);
  const toggle = document.querySelector<HTMLButtonElement>('button[aria-label="Dark theme"]');
  if (!toggle) throw new Error("no theme switch");
  expect(toggle.getAttribute("aria-pressed")).toBe("false");
  await user.click(toggle);
  await vi.waitFor(() => {
    expect(root.classList.contains("dark-theme")).toBe(true);
    expect(root.classList.contains("light-theme")).toBe(false);
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
  });
}

// ---------------------------------------------------------------------------------------------

const act = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const actBefore = act.IS_REACT_ACT_ENVIRONMENT;

beforeAll(() => {
  // The app runs on React's own scheduler here, as in a browser; the test waits for what it expects.
  act.IS_REACT_ACT_ENVIRONMENT = false;
});

afterAll(() => {
  act.IS_REACT_ACT_ENVIRONMENT = actBefore;
});

let errors: MockInstance<typeof console.error>;

beforeEach(() => {
  serverCalls = [];
  roots.hydrated.length = 0;
  roots.created.length = 0;
  browserFetch.mockClear();
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal("fetch", browserFetch);
  // Watched, not silenced: what is logged still reaches the console guard.
  errors = vi.spyOn(console, "error");
});

afterEach(() => {
  for (const root of [...roots.hydrated, ...roots.created]) root.unmount();
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const name of document.documentElement.getAttributeNames())
    document.documentElement.removeAttribute(name);
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function open(url: string, width: Width) {
  vi.stubGlobal("matchMedia", screenOf(WIDTHS[width]));
  window.history.replaceState(null, "", url);
  vi.resetModules();
  const html = await serverPage(url);
  load(html, url);
  return html;
}

describe.each(Object.keys(WIDTHS) as Width[])("hydrating the server's page at a %s's width", (width) => {
  it("the product list: 24 products, no search asked again, the sidebar as the screen has it, and Next handled by the router", async () => {
    const html = await open(LIST, width);
    expect(serverCalls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "POST /api/Product/ProductSearch",
    ]);
    expect(serverCalls[0]?.body).toMatchObject({
      categoryFilter: "Chips",
      pageNumber: 1,
      resultsPerPage: 24,
    });
    expect(pageState().rendered).toBe("page");
    expect(pageState().queries?.queries).toHaveLength(1);
    const firstPage = chipsSearchResult(
      { pageNumber: 1, resultsPerPage: 24, sortBy: "relevance", sortDirection: "asc" },
      CHIPS_TOTAL,
    );
    expect(firstPage.skuResults).toHaveLength(24);
    const root = document.getElementById("root")!;
    expect(root.querySelectorAll("main ul > li > article")).toHaveLength(24);
    // The server rendered the sidebar (as if wide), to be hidden by CSS on a phone until hydrated.
    expect(root.querySelector("aside")?.querySelectorAll("a").length).toBeGreaterThan(0);
    expect(html).toContain("<title>Chips | Trade Shop</title>");

    await hydrate();
    expectNoHydrationReport(errors);
    expect(browserFetch).not.toHaveBeenCalled();
    expect(document.title).toBe("Chips | Trade Shop");

    const cards = [...root.querySelectorAll("main ul > li > article h3")].map((h3) => h3.textContent);
    expect(cards).toEqual(firstPage.skuResults.map((p) => p.skuDescription));
    // After hydration the screen's own answer counts: a phone drops the sidebar it does not show.
    const sidebarLinks = root.querySelector("aside")?.querySelectorAll("a").length ?? 0;
    if (width === "phone") expect(sidebarLinks).toBe(0);
    else expect(sidebarLinks).toBeGreaterThan(0);

    // Next: the router's, in this document (no full load), and only the next page is asked for.
    const heading = root.querySelector("h1");
    const next = root.querySelector<HTMLAnchorElement>('nav[aria-label="Product pages"] a[rel="next"]');
    if (!next) throw new Error("no Next link");
    let defaultPrevented: boolean | undefined;
    const seeClick = (event: Event) => (defaultPrevented = event.defaultPrevented);
    window.addEventListener("click", seeClick);
    try {
      await userEvent.setup().click(next);
    } finally {
      window.removeEventListener("click", seeClick);
    }
    expect(defaultPrevented).toBe(true);
    const secondPage = chipsSearchResult(
      { pageNumber: 2, resultsPerPage: 24, sortBy: "relevance", sortDirection: "asc" },
      CHIPS_TOTAL,
    );
    expect(secondPage.skuResults[0]?.skuDescription).not.toBe(firstPage.skuResults[0]?.skuDescription);
    await vi.waitFor(
      () => {
        expect(window.location.pathname + window.location.search).toBe(
          "/products?category=Chips&pageNumber=2",
        );
        const shown = [...root.querySelectorAll("main ul > li > article h3")].map((h3) => h3.textContent);
        expect(shown).toEqual(secondPage.skuResults.map((p) => p.skuDescription));
      },
      { timeout: 10_000 },
    );
    expect(root.querySelector("h1")).toBe(heading);
    expect(fetched()).toEqual(["POST /api/Product/ProductSearch"]);
    expect(JSON.parse(String(browserFetch.mock.calls[0]?.[1]?.body))).toMatchObject({
      categoryFilter: "Chips",
      pageNumber: 2,
    });
    expectNoHydrationReport(errors);
  }, 60_000);

  it("a product's page: the product and its pictures not asked again, the gallery and theme switch answering", async () => {
    await open(PRODUCT_PAGE, width);
    expect(serverCalls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([
      `GET /api/Product/GetProductImages/${SHOWN.skuCode}`,
      "POST /api/Product/GetProductBySkuCode",
    ]);
    const root = document.getElementById("root")!;
    expect(root.querySelector("h1")?.textContent).toBe(SHOWN.skuDescription);
    // What the pack says (a lazily loaded part) is in the server's page too, and hydrated below.
    expect(root.textContent).toContain(SHOWN.extendedData!.ingredients!);

    await hydrate();
    expectNoHydrationReport(errors);
    expect(browserFetch).not.toHaveBeenCalled();
    expect(root.textContent).toContain(SHOWN.extendedData!.ingredients!);

    // The gallery: a thumbnail chooses the picture shown.
    const second = root.querySelector<HTMLButtonElement>('button[aria-label="Show picture 2 of 3"]');
    if (!second) throw new Error("no second thumbnail");
    expect(second.getAttribute("aria-pressed")).toBe("false");
    await userEvent.setup().click(second);
    await vi.waitFor(() => expect(second.getAttribute("aria-pressed")).toBe("true"));

    await toggleTheme();
    expect(browserFetch).not.toHaveBeenCalled();
    expectNoHydrationReport(errors);
  }, 60_000);

  it("the contact page: hydrated with nothing asked, the theme switch answering", async () => {
    await open(CONTACT, width);
    expect(serverCalls).toEqual([]);
    const root = document.getElementById("root")!;
    expect(root.querySelector("h1")?.textContent).toBe("Contact us");

    await hydrate();
    expectNoHydrationReport(errors);
    expect(browserFetch).not.toHaveBeenCalled();

    await toggleTheme();
    expect(browserFetch).not.toHaveBeenCalled();
    expectNoHydrationReport(errors);
  }, 60_000);
});
