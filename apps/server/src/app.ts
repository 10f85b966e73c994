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
import { errorsAsProblemJson } from "./http/openapi";
import { loggerOptions } from "./http/logging";
import { clientErrorHandler, frameworkErrors, registerProblemDetails } from "./http/problem-details";
import { registerCompression } from "./http/compression";
import { registerProblemPages } from "./http/problem-pages";
import { registerRequestHygiene } from "./http/request-hygiene";
import { openRateLimitCounters } from "./http/rate-limit-counters";
import { createMetrics, registerMetricsRoute } from "./http/metrics";
import { webAppScriptHashes } from "./http/inline-scripts";
import { registerWebApp } from "./http/web-app";
import { registerXsrf } from "./http/xsrf";
import { accountsRoutes } from "./modules/accounts/routes";
import { statementRoutesOf } from "./modules/accounts/statement-routes";
import { buyerRoutesOf } from "./modules/accounts/buyer-routes";
import { backOfficeRoutes } from "./modules/backoffice/routes";
import { cartRoutes } from "./modules/cart/routes";
import { catalogueRoutes } from "./modules/catalogue/routes";
import { orderListRoutes } from "./modules/order-lists/routes";
import { contentRoutes } from "./modules/content/routes";
import { healthRoutes } from "./modules/health/routes";
import { identityRoutes } from "./modules/identity/routes";
import { registerSessionCheck } from "./modules/identity/session";
import { crawlerRoutes } from "./modules/content/crawlers";
import { mailboxRoutes } from "./modules/messaging/mailbox-routes";
import { orderRoutes } from "./modules/orders/routes";
import { realtimeRoutes } from "./modules/realtime/routes";
import { repRoutes } from "./modules/reps/routes";
import { reportsRoutes } from "./modules/reports/routes";
import { wishlistRoutes } from "./modules/wishlist/routes";

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
        "style-src": ["'self'", "'unsafe-inline'"],
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

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Trade Shop API", version: "1.0.0", description: "The HTTP API of docs/api.md." },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
    transformObject: (doc) =>
      errorsAsProblemJson("openapiObject" in doc ? doc.openapiObject : doc.swaggerObject),
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  app.addHook("onRequest", async (request) => {
    if (request.url.startsWith("/api/")) request.principal = await identify(request, tokens);
  });

  healthRoutes(app, deps);
  identityRoutes(app, deps);
  registerSessionCheck(app, deps);
  accountsRoutes(app, deps);
  statementRoutesOf(app, deps);
  buyerRoutesOf(app, deps);
  mailboxRoutes(app, deps);
  const catalogue = catalogueRoutes(app, deps);
  orderListRoutes(app, deps);
  cartRoutes(app, deps);
  wishlistRoutes(app, deps);
  orderRoutes(app, deps);
  repRoutes(app, deps);
  backOfficeRoutes(app, deps);
  realtimeRoutes(app, deps);
  reportsRoutes(app, deps);
  contentRoutes(app, deps);
  crawlerRoutes(app, deps);

  registerProblemPages(app);
  await registerWebApp(app, config.WEB_DIST, catalogue.results);
  return app;
}
