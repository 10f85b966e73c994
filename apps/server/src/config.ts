// Every environment variable the server reads, parsed and validated once at boot.
// Defaults make `npm start` work on a laptop; production refuses to start without secrets.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const here = path.dirname(fileURLToPath(import.meta.url));
// Source (src/) and bundle (dist/) both sit one level below apps/server.
const defaultWebDist = path.resolve(here, "../../web/dist");

// Unset and empty both mean "not configured".
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.string().url().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default("./data"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DEMO_DATA: z.enum(["auto", "always", "never"]).default("auto"),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  TOKEN_LIFETIME_HOURS: z.coerce.number().min(0.05).max(24 * 7).default(8),
  PUBLIC_URL: optionalUrl,
  WEB_DIST: z.string().default(defaultWebDist),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  // Messaging: e-mail through SMTP, SMS through an HTTP provider. Unset in demo mode means
  // "record only" (readable at /dev/mailbox); unset otherwise means the channel is unavailable.
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().trim().min(3).default("Trade Shop <no-reply@tradeshop.local>"),
  SMS_URL: optionalUrl,
  SMS_TOKEN: optionalText,
  // Directory (Active Directory or any LDAP server) for staff logins and directory search.
  LDAP_URL: optionalUrl,
  LDAP_BIND_DN: optionalText,
  LDAP_BIND_PASSWORD: optionalText,
  LDAP_SEARCH_BASE: optionalText,
  LDAP_DOMAIN: optionalText,
  // Background work (transactional outbox).
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  // Multiplies the built-in limits of the log-in, registration and reset endpoints; 0 turns them off.
  AUTH_RATE_LIMIT_FACTOR: z.coerce.number().min(0).max(10_000).default(1),
  // Redis for the rate-limit counters, shared by every server process; unset keeps them in memory.
  REDIS_URL: optionalUrl.refine(
    (v) => v === undefined || /^rediss?:\/\//i.test(v),
    "must start with redis:// or rediss://",
  ),
  // Starts every key the shop writes to Redis, so several shops (staging, production) can share one.
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(100).default("tradeshop:"),
  // The back office orders are handed to (modules/backoffice). Unset mode: http when
  // BACKOFFICE_URL is set, else the built-in simulator, except in production (off: orders wait).
  BACKOFFICE_MODE: z.enum(["simulator", "http", "off"]).optional(),
  BACKOFFICE_URL: optionalUrl,
  BACKOFFICE_SECRET: z.string().min(32, "BACKOFFICE_SECRET must be at least 32 characters").optional(),
  BACKOFFICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  BACKOFFICE_CALLBACK_WINDOW_S: z.coerce.number().int().min(10).max(3600).default(300),
  BACKOFFICE_SIMULATOR_STEP_MS: z.coerce.number().int().min(0).max(86_400_000).default(8000),
  // Real-time stream: how often an idle stream sends a keep-alive comment.
  REALTIME_HEARTBEAT_MS: z.coerce.number().int().min(100).max(120_000).default(25_000),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  /** Embedded database without a production flag: demo logins, /dev/mailbox, generated secrets. */
  demoMode: boolean;
  publicUrl: string;
  /** BACKOFFICE_MODE with its default applied. */
  backOfficeMode: "simulator" | "http" | "off";
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && e.DEMO_DATA === "always") {
    throw new ConfigError("Invalid configuration:\n  DEMO_DATA: demo data (with its published passwords) is refused when NODE_ENV=production");
  }
  if (e.NODE_ENV === "production" && !e.JWT_SECRET) {
    throw new ConfigError("Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production");
  }
  if (e.LDAP_URL && !e.LDAP_SEARCH_BASE) {
    throw new ConfigError("Invalid configuration:\n  LDAP_SEARCH_BASE: required when LDAP_URL is set");
  }
  if (Boolean(e.LDAP_BIND_DN) !== Boolean(e.LDAP_BIND_PASSWORD)) {
    throw new ConfigError("Invalid configuration:\n  LDAP_BIND_DN and LDAP_BIND_PASSWORD: set both or neither");
  }
  const backOfficeMode = e.BACKOFFICE_MODE ?? (e.BACKOFFICE_URL ? "http" : e.NODE_ENV === "production" ? "off" : "simulator");
  if (backOfficeMode === "http" && (!e.BACKOFFICE_URL || !e.BACKOFFICE_SECRET)) {
    throw new ConfigError("Invalid configuration:\n  BACKOFFICE_URL and BACKOFFICE_SECRET: both required when BACKOFFICE_MODE=http");
  }
  return {
    ...e,
    demoMode: e.NODE_ENV !== "production" && !e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    backOfficeMode,
  };
}
