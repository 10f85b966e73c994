// Builds the HTTP application from its parts. Tests build it too (and call app.inject);
// main.ts only adds listening and signals.
import { randomUUID } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { AppDeps } from "./app-deps";
import { identify } from "./http/auth";
import { documentFromRouteTable } from "./http/openapi";
import { loggerOptions } from "./http/logging";
import { clientErrorHandler, frameworkErrors, registerProblemDetails } from "./http/problem-details";
import { registerCompression } from "./http/compression";
import { PROBLEM_PAGE_STYLE, registerProblemPages } from "./http/problem-pages";
import { registerRequestHygiene } from "./http/request-hygiene";
import { openRateLimitCounters } from "./http/rate-limit-counters";
import { createMetrics, registerMetricsRoute } from "./http/metrics";
import { checkRouteTable } from "./http/route-table-check";
import { cspHash, webAppScriptHashes } from "./http/inline-scripts";
import { registerWebApp } from "./http/web-app";
import { registerXsrf } from "./http/xsrf";
import { accountsRoutes, statementRoutesOf, buyerRoutesOf } from "./modules/accounts";
import { alertRoutes } from "./modules/alerts";
import { applicationRoutes } from "./modules/applications";
import { backOfficeRoutes } from "./modules/backoffice";
import { cartRoutes } from "./modules/cart";
import { catalogueRoutes } from "./modules/catalogue";
import { orderListRoutes } from "./modules/order-lists";
import { paymentRoutes } from "./modules/payments";
import { contentRoutes, crawlerRoutes } from "./modules/content";
import { healthRoutes } from "./modules/health";
import { identityRoutes, registerSessionCheck } from "./modules/identity";
import { mailboxRoutes } from "./modules/messaging";
import { approvalRoutes, invoiceRoutes, orderRoutes } from "./modules/orders";
import { realtimeRoutes } from "./modules/realtime";
import { repRoutes } from "./modules/reps";
import { reportsRoutes } from "./modules/reports";
import { wishlistRoutes } from "./modules/wishlist";

/** The parts a caller may leave to buildApp: metrics of its own, not draining, no worker. */
export type BuildDeps = Omit<AppDeps, "metrics" | "lifecycle"> &
  Partial<Pick<AppDeps, "metrics" | "lifecycle">>;

/** A request's id: the one a load balancer sent (X-Request-Id), when it is sane, or a new one. */
function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && /^[\w.:-]{8,80}$/.test(given) ? given : randomUUID();
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(given: BuildDeps): Promise<FastifyInstance> {
  const { config, database, tokens } = given;
  const deps: AppDeps = {
    ...given,
    metrics: given.metrics ?? createMetrics({ database, processMetrics: false }),
    lifecycle: given.lifecycle ?? { draining: false },
  };
  const app = Fastify({
    logger: config.LOG_LEVEL === "silent" ? false : loggerOptions(config.LOG_LEVEL),
    // A number of hops: the nearest that many proxies are believed.
    trustProxy: typeof config.TRUST_PROXY === "number" ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
    frameworkErrors,
    return503OnClosing: true,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  // Every route served is in the one route table, or the app does not start (docs/architecture.md).
  checkRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("principal", undefined);

  // Every answer names its request, so a customer can quote it and an operator find its log lines.
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  registerProblemDetails(app);
  registerMetricsRoute(app, deps.metrics, config.METRICS_TOKEN);
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        "img-src": ["'self'", "data:", "blob:"],
        // 'wasm-unsafe-eval' compiles WebAssembly only (the camera scanner's barcode reader where the
        // browser has no BarcodeDetector, decision 110); JavaScript eval stays refused.
        // And index.html's one inline script, by its hash (inline-scripts.ts).
        "script-src": ["'self'", "'wasm-unsafe-eval'", ...webAppScriptHashes(config.WEB_DIST)],
        // The shop draws with the system's fonts: none is fetched from anywhere, its own site included
        // (helmet's default allowed any https site).
        "font-src": ["'self'"],
        // Style sheets only from the shop's own files, and the problem pages' one style element by
        // its hash; no inline style element otherwise (the toasts' sheet is a file too). Style
        // attributes stay allowed: React's server render writes a few (a bar's width, the sticky
        // header's offset), and with images and fonts limited to the shop they can fetch nothing
        // (docs/decisions/0146).
        "style-src": ["'self'"],
        "style-src-elem": ["'self'", cspHash(PROBLEM_PAGE_STYLE)],
        "style-src-attr": ["'unsafe-inline'"],
        // Forms post to the shop itself, and the payment form to PayFast (docs/payments.md).
        "form-action": ["'self'", ...(config.payfast ? [new URL(config.payfast.url).origin] : [])],
        "upgrade-insecure-requests": null,
      },
    },
    hsts: config.NODE_ENV === "production",
  });
  await registerCompression(app);
  const rateLimitCounters = await openRateLimitCounters(config, app.log);
  app.addHook("onClose", rateLimitCounters.close);
  await app.register(fastifyRateLimit, { global: false, ...rateLimitCounters.pluginOptions });
  registerXsrf(app, { secureCookie: config.publicUrl.startsWith("https:") });
  registerRequestHygiene(app);

  // The API document is built from the route table (http/openapi.ts), not from what is registered.
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Trade Shop API", version: "1.0.0", description: "The HTTP API of docs/api.md." },
      // fastify-swagger looks up the routes' own security names here before the document is rebuilt.
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    // fastify-swagger still reads each route's zod schemas; the transform keeps it from failing on them.
    transform: jsonSchemaTransform,
    transformObject: (doc) =>
      documentFromRouteTable("openapiObject" in doc ? doc.openapiObject : doc.swaggerObject),
  });
  // Swagger UI, a page for developers that shows no one's data, writes a style element of its own:
  // its pages alone may (their own scope, so no other answer pays for the hook).
  await app.register(async (docs) => {
    docs.addHook("onSend", async (_request, reply) => {
      const policy = reply.getHeader("content-security-policy");
      if (typeof policy === "string")
        reply.header(
          "content-security-policy",
          policy.replace(/style-src-elem [^;]*/, "style-src-elem 'self' 'unsafe-inline'"),
        );
    });
    await docs.register(fastifySwaggerUi, { routePrefix: "/api/docs" });
  });

  app.addHook("onRequest", async (request) => {
    if (request.url.startsWith("/api/")) request.principal = await identify(request, tokens);
  });

  // Each module's routes, through its front door (modules/<name>/index.ts).
  healthRoutes(app, deps);
  identityRoutes(app, deps);
  registerSessionCheck(app, deps);
  accountsRoutes(app, deps);
  statementRoutesOf(app, deps);
  invoiceRoutes(app, deps);
  buyerRoutesOf(app, deps);
  approvalRoutes(app, deps);
  mailboxRoutes(app, deps);
  const catalogue = catalogueRoutes(app, deps);
  orderListRoutes(app, deps);
  cartRoutes(app, deps, catalogue);
  wishlistRoutes(app, deps);
  alertRoutes(app, deps);
  orderRoutes(app, deps);
  paymentRoutes(app, deps);
  applicationRoutes(app, deps);
  repRoutes(app, deps);
  backOfficeRoutes(app, deps);
  realtimeRoutes(app, deps);
  reportsRoutes(app, deps);
  contentRoutes(app, deps);
  crawlerRoutes(app, deps);

  registerProblemPages(app);
  await registerWebApp(app, config.WEB_DIST, { kept: catalogue.results, dependsOn: catalogue.changes });
  return app;
}
