// What a test says as the back office: a status callback or an account document, signed with the
// shared secret, as the back office signs it (docs/api.md "Back office").
import { createHmac } from "node:crypto";

/** POSTs `body` to one of the shop's back-office routes, signed with `secret`; the answer. */
export async function signedBackOfficePost(
  baseUrl: string,
  secret: string,
  path: string,
  update: unknown,
): Promise<{ status: number; text: string }> {
  const body = JSON.stringify(update);
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-tradeshop-timestamp": String(timestamp),
      "x-tradeshop-signature": `sha256=${signature}`,
    },
    body,
  });
  return { status: res.status, text: await res.text() };
}

/** POSTs `update` to the shop's status callback, signed with `secret`; the answer's status. */
export async function signedStatusCallback(
  baseUrl: string,
  secret: string,
  update: { eventId: string; orderId: string; status: string; reason?: string },
): Promise<number> {
  return (await signedBackOfficePost(baseUrl, secret, "/api/BackOffice/StatusCallback", update)).status;
}
