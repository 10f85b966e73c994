// /api/BackOffice: the staff hand-off queue and its retry action, and the signed callbacks the
// HTTP back office calls (order status, account documents, liquor licences): no login, no XSRF
// token; the HMAC signature is the credential, checked on the raw body before it is parsed.
import type { FastifyInstance } from "fastify";
import { api } from "@trade-shop/contracts/api";
import { BACKOFFICE_SIGNATURE_HEADER, BACKOFFICE_TIMESTAMP_HEADER } from "@trade-shop/contracts/backoffice";
import { backOfficeAccountRoutes } from "@trade-shop/contracts/statements";
import type { AppDeps } from "../../app-deps";
import { principalOf } from "../../http/auth";
import { DomainError } from "../../core/domain-error";
import { handle } from "../../http/route";
import { applyAccountDocument, applyLiquorLicence } from "./account-documents";
import { applyStatusCallback, assertSignedCallback } from "./callback";
import { listHandOffs, retryHandOff } from "./hand-offs";

const CALLBACK_BODY_LIMIT = 64 * 1024;

function header(value: string | string[] | undefined) {
  return Array.isArray(value) ? value[0] : value;
}

export function backOfficeRoutes(app: FastifyInstance, { config, database: { db } }: AppDeps) {
  handle(app, api.backOffice.handOffs, (request) =>
    listHandOffs(db, principalOf(request).tenantId, request.query.state),
  );
  handle(app, api.backOffice.retryHandOff, (request) =>
    retryHandOff(db, principalOf(request).tenantId, request.params.id),
  );

  // Its own scope, so only this route reads JSON through the signature check.
  void app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: CALLBACK_BODY_LIMIT },
      (request, body, done) => {
        const raw = String(body);
        try {
          assertSignedCallback(
            config.BACKOFFICE_SECRET,
            {
              timestamp: header(request.headers[BACKOFFICE_TIMESTAMP_HEADER.toLowerCase()]),
              signature: header(request.headers[BACKOFFICE_SIGNATURE_HEADER.toLowerCase()]),
              body: raw,
            },
            config.BACKOFFICE_CALLBACK_WINDOW_S,
          );
          done(null, JSON.parse(raw));
        } catch (error) {
          done(
            error instanceof DomainError
              ? error
              : new DomainError("validation", "The request body is not valid JSON."),
          );
        }
      },
    );
    // A request without a JSON body never reached the check above.
    scope.addHook("preValidation", async (request) => {
      if (request.body === undefined) throw new DomainError("unauthenticated", "The request is not signed.");
    });
    handle(scope, api.backOffice.statusCallback, (request) => applyStatusCallback(db, request.body), {
      config: { skipXsrf: true },
    });
    handle(
      scope,
      backOfficeAccountRoutes.accountDocument,
      (request) => applyAccountDocument(db, request.body),
      {
        config: { skipXsrf: true },
      },
    );
    handle(scope, backOfficeAccountRoutes.liquorLicence, (request) => applyLiquorLicence(db, request.body), {
      config: { skipXsrf: true },
    });
  });
}
