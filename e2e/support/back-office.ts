// What a test says as the back office: a status callback signed with the shared secret, as the
// back office signs it (docs/api.md "Back office").
import { createHmac } from "node:crypto";

/** POSTs `update` to the shop's status callback, signed with `secret`; the answer's status. */
export async function signedStatusCallback(
  baseUrl: string,
  secret: string,
  update: { eventId: string; orderId: string; status: string; reason?: string },
): Promise<number> {
  const body = JSON.stringify(update);
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  const res = await fetch(`${baseUrl}/api/BackOffice/StatusCallback`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-tradeshop-timestamp": String(timestamp),
      "x-tradeshop-signature": `sha256=${signature}`,
    },
    body,
  });
  await res.body?.cancel();
  return res.status;
}
