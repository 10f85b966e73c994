// The built-in PayFast sandbox (demo mode and tests; docs/payments.md): a stand-in for PayFast's
// own sandbox that speaks the same protocol at /dev/payfast, so the shop's payment code runs
// end to end on one machine with no network:
//   POST /dev/payfast/eng/process          the payment page, for the signed form the shop's
//                                           page posts (a wrong signature is refused, as PayFast does)
//   POST /dev/payfast/eng/process/:id      the payer's choice: pay, decline (a failed card) or cancel;
//                                           paying or declining POSTs the ITN to notify_url, signed,
//                                           then sends the browser to return_url (cancel: cancel_url)
//   POST /dev/payfast/eng/query/validate    "VALID" for an ITN it sent, field for field; else "INVALID"
// It keeps what it was sent in memory; a restart forgets payments in progress, as a real
// gateway's session would expire.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { formatRandCents } from "@trade-shop/contracts/format";
import { toCents } from "@trade-shop/contracts/common";
import type { PayFastSettings } from "../../config";
import { checkoutSignature, ITN_FIELD_ORDER, itnSignature, parameterString, parseForm } from "./payfast";

export const SANDBOX_PREFIX = "/dev/payfast";

interface Session {
  form: Map<string, string>;
  createdAt: number;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

// Style attributes only: the shop's content security policy allows no style element.
const BODY_STYLE = "font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1a1a1a";
const MAIN_STYLE = "max-width:28rem;margin:0 auto;padding:1.5rem 1rem";
const BUTTON_STYLE =
  "display:block;width:100%;min-height:48px;margin-top:.75rem;border-radius:.5rem;font-size:1rem;font-weight:600;cursor:pointer;";
const BUTTONS = {
  pay: `${BUTTON_STYLE}border:0;background:#0b5ed7;color:#fff`,
  other: `${BUTTON_STYLE}border:1px solid #8a8f98;background:#fff;color:#1a1a1a`,
};

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title></head><body style="${BODY_STYLE}"><main style="${MAIN_STYLE}">${body}</main></body></html>`;
}

const MAX_SESSIONS = 1000;

export interface PayFastSandbox {
  /** Every ITN sent, oldest first, as posted (for tests that replay or tamper with one). */
  readonly itns: { pfPaymentId: string; body: string }[];
}

export function registerPayFastSandbox(
  app: FastifyInstance,
  settings: Pick<PayFastSettings, "merchantId" | "merchantKey" | "passphrase">,
  options: { itnTimeoutMs?: number } = {},
): PayFastSandbox {
  const handle: PayFastSandbox = { itns: [] };
  const sessions = new Map<string, Session>();
  /** The parameter string of every ITN sent, by pf_payment_id, for the validate call. */
  const sent = new Map<string, string>();
  let nextPaymentId = 1_000_000 + (Date.now() % 1_000_000);

  void app.register(
    async (scope) => {
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: 64 * 1024 },
        (_request, body, done) => done(null, body),
      );

      scope.post("/eng/process", async (request, reply) => {
        const form = new Map(parseForm(String(request.body ?? "")));
        const given = Object.fromEntries([...form].filter(([name]) => name !== "signature"));
        let expected: string | undefined;
        try {
          expected = checkoutSignature(given, settings.passphrase);
        } catch {
          expected = undefined;
        }
        const problems = [
          form.get("merchant_id") !== settings.merchantId || form.get("merchant_key") !== settings.merchantKey
            ? "The merchant id or key is not the sandbox merchant's."
            : null,
          expected === undefined || form.get("signature") !== expected
            ? "Generated signature does not match submitted signature."
            : null,
          !/^\d+\.\d{2}$/.test(form.get("amount") ?? "")
            ? "The amount must be rand with two decimals."
            : null,
          !form.get("item_name") ? "The item name is required." : null,
        ].filter((p): p is string => p !== null);
        if (problems.length > 0) {
          return reply
            .code(400)
            .type("text/html")
            .send(
              page(
                "Payment refused",
                `<h1>Payment refused</h1>${problems.map((p) => `<p>${escape(p)}</p>`).join("")}`,
              ),
            );
        }
        if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
        const id = randomBytes(12).toString("hex");
        sessions.set(id, { form, createdAt: Date.now() });
        const amount = formatRandCents(toCents(Number(form.get("amount"))));
        const action = `${SANDBOX_PREFIX}/eng/process/${id}`;
        return reply
          .type("text/html")
          .send(
            page(
              "PayFast sandbox",
              [
                "<h1>PayFast sandbox</h1>",
                "<p>A stand-in for PayFast on this machine: no money moves.</p>",
                `<p style="font-size:1.25rem">Pay <strong style="white-space:nowrap">${escape(amount)}</strong> to Trade Shop</p>`,
                `<p>${escape(form.get("item_name")!)}</p>`,
                `<form method="post" action="${action}"><input type="hidden" name="choice" value="pay"><button type="submit" style="${BUTTONS.pay}">Pay now</button></form>`,
                `<form method="post" action="${action}"><input type="hidden" name="choice" value="decline"><button type="submit" style="${BUTTONS.other}">Pay with a declined card</button></form>`,
                `<form method="post" action="${action}"><input type="hidden" name="choice" value="cancel"><button type="submit" style="${BUTTONS.other}">Cancel payment</button></form>`,
              ].join(""),
            ),
          );
      });

      scope.post<{ Params: { id: string } }>("/eng/process/:id", async (request, reply) => {
        const session = sessions.get(request.params.id);
        const choice = new URLSearchParams(String(request.body ?? "")).get("choice");
        if (!session || !["pay", "decline", "cancel"].includes(choice ?? "")) {
          return reply.code(404).type("text/html").send(page("No such payment", "<h1>No such payment</h1>"));
        }
        sessions.delete(request.params.id);
        const { form } = session;
        if (choice === "cancel") return reply.redirect(form.get("cancel_url") ?? "/", 303);
        const gross = Number(form.get("amount"));
        const fee = Math.round(gross * 2.3 + 200) / 100; // PayFast's kind of fee: 2.3% + R2.00
        const pfPaymentId = String(nextPaymentId++);
        const values: Record<string, string> = {
          m_payment_id: form.get("m_payment_id") ?? "",
          pf_payment_id: pfPaymentId,
          payment_status: choice === "pay" ? "COMPLETE" : "FAILED",
          item_name: form.get("item_name") ?? "",
          item_description: form.get("item_description") ?? "",
          amount_gross: gross.toFixed(2),
          amount_fee: (-fee).toFixed(2),
          amount_net: (gross - fee).toFixed(2),
          name_first: form.get("name_first") ?? "",
          name_last: form.get("name_last") ?? "",
          email_address: form.get("email_address") ?? "",
          merchant_id: settings.merchantId,
        };
        for (const n of [1, 2, 3, 4, 5]) {
          values[`custom_str${n}`] = form.get(`custom_str${n}`) ?? "";
          values[`custom_int${n}`] = form.get(`custom_int${n}`) ?? "";
        }
        const fields = ITN_FIELD_ORDER.map((name) => [name, values[name] ?? ""] as const);
        sent.set(pfPaymentId, parameterString(fields, { keepBlank: true }));
        const body = `${parameterString(fields, { keepBlank: true })}&signature=${itnSignature(fields, settings.passphrase)}`;
        if (handle.itns.length >= MAX_SESSIONS) handle.itns.shift();
        handle.itns.push({ pfPaymentId, body });
        const notifyUrl = form.get("notify_url");
        if (notifyUrl) {
          // As PayFast does, the ITN goes before the payer is sent back; a shop that does not
          // answer in time is the shop's problem (PayFast would try again later).
          try {
            const answer = await fetch(notifyUrl, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded" },
              body,
              signal: AbortSignal.timeout(options.itnTimeoutMs ?? 10_000),
            });
            if (!answer.ok)
              request.log.warn({ status: answer.status }, "PayFast sandbox: the shop refused the ITN");
          } catch (error) {
            request.log.warn({ err: error }, "PayFast sandbox: the ITN could not be delivered");
          }
        }
        return reply.redirect(form.get("return_url") ?? "/", 303);
      });

      scope.post("/eng/query/validate", async (request, reply) => {
        const fields = parseForm(String(request.body ?? "")).filter(([name]) => name !== "signature");
        const id = fields.find(([name]) => name === "pf_payment_id")?.[1] ?? "";
        const valid = sent.get(id) === parameterString(fields, { keepBlank: true });
        return reply.type("text/plain").send(valid ? "VALID" : "INVALID");
      });
    },
    { prefix: SANDBOX_PREFIX },
  );
  return handle;
}
