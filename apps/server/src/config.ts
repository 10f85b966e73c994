// Every environment variable the server reads, parsed and validated once at boot.
// Defaults make `npm start` work on a laptop; production refuses to start without secrets.
import { isIP } from "node:net";
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
  // The same database without a transaction-mode pooler (PgBouncer) in between, for what needs
  // a session: the real-time LISTEN connection and migrations' advisory lock.
  DATABASE_DIRECT_URL: optionalUrl,
  DATA_DIR: z.string().default("./data"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // Bounds on waiting for PostgreSQL, so an outage or a frozen server answers 503 within ~5 s
  // instead of hanging: a free connection (or a new one), and any one statement.
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(4000),
  DEMO_DATA: z.enum(["auto", "always", "never"]).default("auto"),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  TOKEN_LIFETIME_HOURS: z.coerce
    .number()
    .min(0.05)
    .max(24 * 7)
    .default(8),
  PUBLIC_URL: optionalUrl,
  WEB_DIST: z.string().default(defaultWebDist),
  // Which proxies' X-Forwarded-For to believe: "false"; the proxies' addresses or CIDR ranges,
  // comma-separated (safest: a client cannot pose as another address); a number of hops; or
  // "true" (every hop, so only where the proxy replaces the header a client sends).
  TRUST_PROXY: z
    .string()
    .trim()
    .default("false")
    .transform((v, ctx): boolean | number | string => {
      if (v === "true" || v === "false") return v === "true";
      if (/^\d{1,2}$/.test(v)) return Number(v);
      const entries = v.split(",").map((e) => e.trim());
      const bad = entries.filter((e) => {
        const [address = "", bits] = e.split("/");
        return isIP(address) === 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits));
      });
      if (bad.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `true, false, a number of hops, or addresses/CIDR ranges; not ${bad.join(", ")}`,
        });
        return z.NEVER;
      }
      return entries.join(",");
    }),
  // Messaging: e-mail through SMTP, SMS through an HTTP provider. Unset in demo mode means
  // "record only" (readable at /dev/mailbox); unset otherwise means the channel is unavailable.
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().trim().min(3).default("Trade Shop <no-reply@tradeshop.local>"),
  SMS_URL: optionalUrl,
  SMS_TOKEN: optionalText,
  // Web push (alerts, decision 153): the shop's VAPID key pair, base64url (both or neither);
  // unset, one is made on first use and kept in the database. The subject is the contact push
  // services are given: a mailto: or https: address (default: mailto: of MAIL_FROM).
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText,
  // Paying the account online through PayFast (docs/payments.md): the merchant's id, key and
  // passphrase and PayFast's address (https://sandbox.payfast.co.za or the live one). Unset in
  // demo mode: the built-in sandbox at /dev/payfast; unset otherwise: no Pay buttons.
  PAYFAST_MERCHANT_ID: optionalText,
  PAYFAST_MERCHANT_KEY: optionalText,
  PAYFAST_PASSPHRASE: optionalText,
  PAYFAST_URL: optionalUrl,
  /** "on" serves the built-in PayFast sandbox at /dev/payfast (the default in demo mode). */
  PAYFAST_SANDBOX: z.enum(["on", "off"]).optional(),
  /** How long an order over credit holds its stock for its payment before it is cancelled. */
  PAYMENT_HOLD_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  // The shop's bank account for EFT, printed on statements with the reference to quote.
  BANK_NAME: optionalText,
  BANK_ACCOUNT_NAME: optionalText,
  BANK_ACCOUNT_NUMBER: optionalText,
  BANK_BRANCH_CODE: optionalText,
  // Directory (Active Directory or any LDAP server) for staff logins and directory search.
  LDAP_URL: optionalUrl,
  LDAP_BIND_DN: optionalText,
  LDAP_BIND_PASSWORD: optionalText,
  LDAP_SEARCH_BASE: optionalText,
  LDAP_DOMAIN: optionalText,
  // Background work (transactional outbox).
  /**
   * Public holidays declared for one year only (an election day), beyond the Act's own days:
   * "2026-11-04,2027-01-04". No order is delivered or has its cut-off on them (decision 149).
   */
  PUBLIC_HOLIDAYS: z
    .string()
    .trim()
    .default("")
    .transform((v, ctx) => {
      const days = v === "" ? [] : v.split(",").map((d) => d.trim());
      const bad = days.filter((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d) || Number.isNaN(Date.parse(d)));
      if (bad.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `days as YYYY-MM-DD, comma-separated; not ${bad.join(", ")}`,
        });
        return z.NEVER;
      }
      return days;
    }),
  /** How long an order over its buyer's limit holds its stock and credit for the owner's approval. */
  APPROVAL_HOLD_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  // The worker's own connections (PostgreSQL), how many messages it handles at once, and how
  // long a claim lasts without a heartbeat (renewed every third of it): a dead process's claims
  // are taken over after it, so 5 s moves them within about 5 s (decision 157).
  OUTBOX_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(4),
  OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(3_000),
  // SIGTERM: how long in-flight requests and hand-offs may take before the process exits anyway.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // SIGTERM: how long the process keeps serving while readiness says 503, so a load balancer
  // notices before the port closes (set it above the balancer's health-check interval).
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  // GET /metrics answers loopback callers, and others that send this as a bearer token.
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
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
  // How much earlier than the client's own reckoning its reads may have reached the database
  // (the two requests' trips differ, and the processes' clocks): a change heard in that margin
  // is reloaded too (decision 139).
  REALTIME_READ_SLACK_MS: z.coerce.number().int().min(0).max(120_000).default(30_000),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  /** Embedded database without a production flag: demo logins, /dev/mailbox, generated secrets. */
  demoMode: boolean;
  publicUrl: string;
  /** BACKOFFICE_MODE with its default applied. */
  backOfficeMode: "simulator" | "http" | "off";
  /** PayFast as configured, or the built-in sandbox; undefined: no online payments. */
  payfast: PayFastSettings | undefined;
  /** The shop's bank account for EFT; undefined when not configured. */
  bank: BankDetails | undefined;
}

export interface PayFastSettings {
  merchantId: string;
  merchantKey: string;
  passphrase: string | undefined;
  /** PayFast's address: its payment page is `${url}/eng/process`, validation `${url}/eng/query/validate`. */
  url: string;
  /** The built-in sandbox (modules/payments/sandbox.ts) at /dev/payfast. */
  sandbox: boolean;
}

export interface BankDetails {
  bankName: string;
  accountName: string;
  accountNumber: string;
  branchCode: string;
}

/**
 * PayFast's published sandbox merchant (their developer documentation's test account): the
 * built-in sandbox takes these, so the demo signs exactly as a sandbox integration would.
 */
export const SANDBOX_MERCHANT = {
  merchantId: "10000100",
  merchantKey: "46f0cd694581a",
  passphrase: "jt7NOE43FZPn",
} as const;

/** Demo mode's bank details: a made-up account, so the statement shows where they go. */
const DEMO_BANK: BankDetails = {
  bankName: "First National Bank",
  accountName: "Trade Shop Distributors (Pty) Ltd",
  accountNumber: "62000000000",
  branchCode: "250655",
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && e.DEMO_DATA === "always") {
    throw new ConfigError(
      "Invalid configuration:\n  DEMO_DATA: demo data (with its published passwords) is refused when NODE_ENV=production",
    );
  }
  if (e.NODE_ENV === "production" && !e.JWT_SECRET) {
    throw new ConfigError("Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production");
  }
  if (e.LDAP_URL && !e.LDAP_SEARCH_BASE) {
    throw new ConfigError("Invalid configuration:\n  LDAP_SEARCH_BASE: required when LDAP_URL is set");
  }
  if (Boolean(e.LDAP_BIND_DN) !== Boolean(e.LDAP_BIND_PASSWORD)) {
    throw new ConfigError(
      "Invalid configuration:\n  LDAP_BIND_DN and LDAP_BIND_PASSWORD: set both or neither",
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither",
    );
  }
  const backOfficeMode =
    e.BACKOFFICE_MODE ?? (e.BACKOFFICE_URL ? "http" : e.NODE_ENV === "production" ? "off" : "simulator");
  if (backOfficeMode === "http" && (!e.BACKOFFICE_URL || !e.BACKOFFICE_SECRET)) {
    throw new ConfigError(
      "Invalid configuration:\n  BACKOFFICE_URL and BACKOFFICE_SECRET: both required when BACKOFFICE_MODE=http",
    );
  }
  const payfastSet = [e.PAYFAST_MERCHANT_ID, e.PAYFAST_MERCHANT_KEY, e.PAYFAST_URL].filter(Boolean).length;
  if (payfastSet !== 0 && payfastSet !== 3) {
    throw new ConfigError(
      "Invalid configuration:\n  PAYFAST_MERCHANT_ID, PAYFAST_MERCHANT_KEY and PAYFAST_URL: set all three or none",
    );
  }
  const bankSet = [e.BANK_NAME, e.BANK_ACCOUNT_NAME, e.BANK_ACCOUNT_NUMBER, e.BANK_BRANCH_CODE].filter(
    Boolean,
  );
  if (bankSet.length !== 0 && bankSet.length !== 4) {
    throw new ConfigError(
      "Invalid configuration:\n  BANK_NAME, BANK_ACCOUNT_NAME, BANK_ACCOUNT_NUMBER and BANK_BRANCH_CODE: set all four or none",
    );
  }
  const demoMode = e.NODE_ENV !== "production" && !e.DATABASE_URL;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const sandbox =
    e.PAYFAST_SANDBOX === "on" || (e.PAYFAST_SANDBOX === undefined && demoMode && payfastSet === 0);
  if (sandbox && e.NODE_ENV === "production") {
    throw new ConfigError(
      "Invalid configuration:\n  PAYFAST_SANDBOX: the built-in sandbox is refused when NODE_ENV=production",
    );
  }
  const payfast: PayFastSettings | undefined =
    payfastSet === 3
      ? {
          merchantId: e.PAYFAST_MERCHANT_ID!,
          merchantKey: e.PAYFAST_MERCHANT_KEY!,
          passphrase: e.PAYFAST_PASSPHRASE,
          url: e.PAYFAST_URL!.replace(/\/+$/, ""),
          sandbox: false,
        }
      : sandbox
        ? { ...SANDBOX_MERCHANT, url: `${publicUrl}/dev/payfast`, sandbox: true }
        : undefined;
  const bank: BankDetails | undefined =
    bankSet.length === 4
      ? {
          bankName: e.BANK_NAME!,
          accountName: e.BANK_ACCOUNT_NAME!,
          accountNumber: e.BANK_ACCOUNT_NUMBER!,
          branchCode: e.BANK_BRANCH_CODE!,
        }
      : demoMode || e.NODE_ENV === "test"
        ? DEMO_BANK
        : undefined;
  return {
    ...e,
    demoMode,
    publicUrl,
    backOfficeMode,
    payfast,
    bank,
  };
}
