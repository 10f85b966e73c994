// Every environment variable the server reads, parsed and validated once at boot.
// Defaults make `npm start` work on a laptop; production refuses to start without secrets.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const here = path.dirname(fileURLToPath(import.meta.url));
// Source (src/) and bundle (dist/) both sit one level below apps/server.
const defaultWebDist = path.resolve(here, "../../web/dist");

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.string().url().optional());

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
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  /** Embedded database without a production flag: demo logins, /dev/mailbox, generated secrets. */
  demoMode: boolean;
  publicUrl: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && !e.JWT_SECRET) {
    throw new ConfigError("Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production");
  }
  return {
    ...e,
    demoMode: e.NODE_ENV !== "production" && !e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
  };
}
