// A PDF answer (a statement, a tax invoice): application/pdf, never cached, with a file name to
// save it under.
import type { FastifyReply } from "fastify";

export function sendPdf(reply: FastifyReply, fileName: string, bytes: Uint8Array) {
  // Numbers come from the back office: anything a header cannot carry becomes "_".
  const safeName = fileName.replace(/[^A-Za-z0-9._-]/g, "_");
  return reply
    .header("Content-Disposition", `attachment; filename="${safeName}"`)
    .header("Cache-Control", "no-store")
    .type("application/pdf")
    .send(Buffer.from(bytes));
}
