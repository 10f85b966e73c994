// /api/Applications: a visitor asks for a PIN and applies (no login: the PIN proves the e-mail
// address); the applicant's routes take the X-Application-Token header of their status link
// instead of a login, and a missing or unknown token is not found; staff (Staff, Admin) review
// their tenant's. Handlers only parse, count against the limits, call a service and answer.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { APPLICATION_TOKEN_HEADER, applicationRoutes as routes } from "@trade-shop/contracts/applications";
import { TENANT_HEADER } from "@trade-shop/contracts/http";
import type { AppDeps } from "../../app-deps";
import { principalOf } from "../../http/auth";
import { createRateLimits } from "../../http/limits";
import { handle } from "../../http/route";
import { addCredit, addDocuments, replyToStaff } from "./applicant";
import { approveApplication } from "./approve";
import { MAX_DOCUMENT_BYTES } from "../catalogue";
import { documentFile } from "./documents";
import { APPLICATION_LIMITS, tooManyForAddress } from "./limits";
import { requestApplicationPin } from "./pins";
import { applicationOf } from "./records";
import {
  askForInformation,
  declineApplication,
  listApplications,
  staffApplication,
  type Reviewer,
} from "./review";
import { applicationIdOfToken } from "./status-links";
import { submitApplication } from "./submit";

/** The most documents one request sends (the contract's), for the uploads' body limit. */
const DOCUMENTS_PER_REQUEST = 8;
/**
 * Eight documents as base64 (4/3) and the JSON around them, with room to spare: a file somewhat
 * over the 5 MB is read and refused on its own field; only a far larger body is refused unread.
 */
const UPLOAD_BODY_LIMIT = Math.ceil((DOCUMENTS_PER_REQUEST * MAX_DOCUMENT_BYTES * 4) / 3) + 1024 * 1024;

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

function sendDocument(reply: FastifyReply, file: { bytes: Buffer; contentType: string; fileName: string }) {
  return reply
    .header("Content-Disposition", `attachment; filename="${file.fileName}"`)
    .header("Cache-Control", "no-store")
    .header("X-Content-Type-Options", "nosniff")
    .type(file.contentType)
    .send(file.bytes);
}

export function applicationRoutes(app: FastifyInstance, { config, database: { db } }: AppDeps) {
  const limits = createRateLimits(app, config.AUTH_RATE_LIMIT_FACTOR, APPLICATION_LIMITS);
  /** The application of the request's status link. */
  const linked = (request: FastifyRequest) =>
    applicationIdOfToken(db, headerOf(request, APPLICATION_TOKEN_HEADER));
  const reviewer = (request: FastifyRequest): Reviewer => {
    const { tenantId, userId } = principalOf(request);
    return { tenantId, userId };
  };

  handle(
    app,
    routes.requestPin,
    async (request, reply) => {
      await limits.perKey("requestPin", request, reply, request.body.email, tooManyForAddress);
      return requestApplicationPin(db, config, request.body.email);
    },
    { config: limits.perIp("requestPin") },
  );

  // The routes that take documents get a body limit of their own; the rest keep the app's 1 MB.
  void app.register(async (uploads) => {
    uploads.addHook("onRoute", (route) => {
      route.bodyLimit = UPLOAD_BODY_LIMIT;
    });
    handle(
      uploads,
      routes.submit,
      async (request, reply) => {
        await limits.perKey("submit", request, reply, request.body.business.email, tooManyForAddress);
        // A login's tenant, else the TenantId header a visitor's browser sends (decision 156).
        const tenant = request.principal?.tenantId ?? headerOf(request, TENANT_HEADER);
        return submitApplication(db, config, tenant, request.body);
      },
      { config: limits.perIp("submit") },
    );
    handle(uploads, routes.addDocuments, async (request) =>
      addDocuments(db, await linked(request), request.body),
    );
  });

  handle(app, routes.mine, async (request) => applicationOf(db, await linked(request)));
  handle(app, routes.reply, async (request) => replyToStaff(db, await linked(request), request.body.text));
  handle(app, routes.addCredit, async (request) => addCredit(db, await linked(request), request.body.credit));
  handle(app, routes.myDocument, async (request, reply) =>
    sendDocument(
      reply,
      await documentFile(db, { applicationId: await linked(request) }, request.params.documentId),
    ),
  );

  handle(app, routes.list, async (request) => ({
    items: await listApplications(db, principalOf(request).tenantId, request.query.status),
  }));
  handle(app, routes.get, async (request) =>
    staffApplication(db, principalOf(request).tenantId, request.params.id),
  );
  handle(app, routes.document, async (request, reply) => {
    const scope = { applicationId: request.params.id, tenantId: principalOf(request).tenantId };
    return sendDocument(reply, await documentFile(db, scope, request.params.documentId));
  });
  handle(app, routes.askForInformation, async (request) =>
    askForInformation(db, config, reviewer(request), request.params.id, request.body.text),
  );
  handle(app, routes.approve, async (request) =>
    approveApplication(db, config, reviewer(request), request.params.id, request.body),
  );
  handle(app, routes.decline, async (request) =>
    declineApplication(db, config, reviewer(request), request.params.id, request.body.reason),
  );
}
