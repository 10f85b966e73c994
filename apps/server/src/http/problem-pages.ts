// The pages the `type` of every problem answer points at (/problems/<code>): what the code
// means, its HTTP status, and what a caller can do. Plain HTML, the same for everyone.
import type { FastifyInstance } from "fastify";
import { PROBLEM_CODES, ProblemCode, problemType, statusOf } from "@trade-shop/contracts/problems";
import { PROBLEM_TEXTS } from "@trade-shop/contracts/problem-texts";
import { problem, sendProblem } from "./problem-details";

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The pages' one style element: the Content-Security-Policy allows it by its hash (app.ts). */
export const PROBLEM_PAGE_STYLE =
  "body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem}code{font-size:.95em}td,th{padding:.25rem .75rem .25rem 0;text-align:left;vertical-align:top}";

const page = (title: string, body: string) => `<!doctype html>
<html lang="en-ZA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Trade Shop API</title><link rel="icon" href="/icons/icon-192.png">
<style>${PROBLEM_PAGE_STYLE}</style>
</head><body>${body}</body></html>`;

export function registerProblemPages(app: FastifyInstance) {
  app.get("/problems", { schema: { hide: true } }, async (_request, reply) => {
    const rows = PROBLEM_CODES.map(
      (code) =>
        `<tr><td><a href="${problemType(code)}"><code>${code}</code></a></td><td>${statusOf(code)}</td><td>${escape(PROBLEM_TEXTS[code])}</td></tr>`,
    ).join("");
    return reply
      .type("text/html; charset=utf-8")
      .send(
        page(
          "Problem codes",
          `<h1>Problem codes</h1><p>Every error answer of the Trade Shop API is an RFC 9457 problem with a stable <code>code</code>; branch on it, not on the title.</p><table><thead><tr><th>code</th><th>status</th><th>meaning</th></tr></thead><tbody>${rows}</tbody></table>`,
        ),
      );
  });

  app.get<{ Params: { code: string } }>(
    "/problems/:code",
    { schema: { hide: true } },
    async (request, reply) => {
      const parsed = ProblemCode.safeParse(request.params.code);
      if (!parsed.success) {
        return sendProblem(
          reply,
          problem("not_found", "Not Found", { detail: "There is no such problem code; see /problems." }),
        );
      }
      const code = parsed.data;
      return reply
        .type("text/html; charset=utf-8")
        .send(
          page(
            code,
            `<h1><code>${code}</code></h1><p>HTTP status ${statusOf(code)}.</p><p>${escape(PROBLEM_TEXTS[code])}</p><p><a href="/problems">All problem codes</a></p>`,
          ),
        );
    },
  );
}
