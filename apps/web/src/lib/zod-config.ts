// Bundled with zod itself (vite.config.ts), so it runs before any contract schema is built. zod
// otherwise checks, as each object schema is built, whether it may compile parsers with new
// Function, which the shop's CSP refuses: Chromium reports that as a CSP violation, and
// Lighthouse's best-practices score drops. Parsing gives the same answers either way.
import { z } from "zod";

z.config({ jitless: true });
