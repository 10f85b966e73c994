// /api/Users endpoints of the identity domain. Handlers only parse, count the request against
// its rate limits, call the service and return the contract's shape.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { api } from "@trade-shop/contracts/api";
import type { LoginRequest } from "@trade-shop/contracts/identity";
import type { AppDeps } from "../../app-deps";
import { principalOf } from "../../http/auth";
import { DomainError } from "../../core/domain-error";
import { handle } from "../../http/route";
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from "../../core/device-cookies";
import { createDirectory, directoryNotConfigured } from "./directory";
import { logIn, withoutDomain } from "./login";
import { requestPasswordReset, resetPassword } from "./password-reset";
import { findUserRow, type LoginField } from "./queries";
import { createRateLimits } from "../../http/limits";
import { AUTH_RATE_LIMITS, tooManyForAccount } from "./auth-limits";
import { otpDetails, preRegister, registerExternalUser } from "./registration";
import { createUser, getUser, listUsers, rolesOfUser, setUserEnabled, toUserDto, updateUser } from "./users";

// A client that fills a path from an unset variable sends /api/Users//Roles or
// /api/Users/undefined/Roles; docs/behaviour.md names the parameter in that case.
const MISSING = new Set(["", "undefined", "null"]);

async function requireDefinedParams(request: FastifyRequest) {
  const params = request.params as Record<string, string> | undefined;
  for (const [name, value] of Object.entries(params ?? {})) {
    if (MISSING.has(value.trim())) {
      const message = `The parameter '${name}' must be defined.`;
      throw new DomainError("validation", message, { errors: { [name]: [message] } });
    }
  }
}

type LoginRequestOf = FastifyRequest & { body: LoginRequest };

// Registration happens before login, so no token says which tenant is meant; a TenantId
// header, when the client sends one, narrows the account search.
function tenantHint(request: FastifyRequest): string | undefined {
  const header = request.headers.tenantid;
  return (Array.isArray(header) ? header[0] : header) || undefined;
}

export function identityRoutes(app: FastifyInstance, { config, database, tokens }: AppDeps) {
  const db = database.db;
  const directory = createDirectory(config);
  const loginDeps = { db, tokens, directory, config };
  const limits = createRateLimits(app, config.AUTH_RATE_LIMIT_FACTOR, AUTH_RATE_LIMITS);

  const secureCookie = config.publicUrl.startsWith("https:");
  /**
   * The per-account limit counts every client but a browser holding this account's device
   * cookie: failures from elsewhere must not shut its owner out (decision 76).
   */
  async function logInAndTrustDevice(request: LoginRequestOf, reply: FastifyReply, field: LoginField) {
    const device = request.cookies[DEVICE_COOKIE];
    const claim = tokens.devices.read(device);
    if (claim?.login !== request.body.username.trim().toLowerCase()) {
      // Counted per login, however it is written: CORP\name is name (the directory's domain prefix).
      const login = field === "username" ? withoutDomain(request.body.username) : request.body.username;
      await limits.perKey("authenticate", request, reply, login, tooManyForAccount);
    }
    const { deviceCookie, ...session } = await logIn(loginDeps, field, request.body, device);
    reply.setCookie(DEVICE_COOKIE, deviceCookie, {
      path: "/api/Users",
      httpOnly: true,
      sameSite: "strict",
      secure: secureCookie,
      maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
    });
    return session;
  }

  app.register(async (scope) => {
    scope.addHook("preValidation", requireDefinedParams);

    handle(
      scope,
      api.users.authenticate,
      async (request, reply) => logInAndTrustDevice(request, reply, "username"),
      { config: limits.perIp("authenticate") },
    );
    handle(
      scope,
      api.users.authenticateUsingEmail,
      async (request, reply) => logInAndTrustDevice(request, reply, "email"),
      { config: limits.perIp("authenticate") },
    );

    handle(
      scope,
      api.users.getOtpDetails,
      async (request, reply) => {
        await limits.perKey(
          "otpDetails",
          request,
          reply,
          request.body.pastelCustomerAccount,
          tooManyForAccount,
        );
        return otpDetails(db, request.body, tenantHint(request));
      },
      { config: limits.perIp("otpDetails") },
    );
    handle(
      scope,
      api.users.preRegister,
      async (request, reply) => {
        await limits.perKey(
          "preRegister",
          request,
          reply,
          request.body.pastelCustomerAccount,
          tooManyForAccount,
        );
        return preRegister(db, config, request.body, tenantHint(request));
      },
      { config: limits.perIp("preRegister") },
    );
    handle(
      scope,
      api.users.registerExternalUser,
      async (request, reply) => {
        await limits.perKey("register", request, reply, request.body.customerAccount, tooManyForAccount);
        const userId = await registerExternalUser(db, request.body);
        return toUserDto((await findUserRow(db, userId))!);
      },
      { config: limits.perIp("register") },
    );

    handle(
      scope,
      api.users.requestPasswordReset,
      async (request, reply) => {
        await limits.perKey(
          "requestPasswordReset",
          request,
          reply,
          request.body.emailAddress,
          tooManyForAccount,
        );
        return requestPasswordReset(db, config, request.body.emailAddress);
      },
      { config: limits.perIp("requestPasswordReset") },
    );
    handle(scope, api.users.resetPassword, (request) => resetPassword(db, request.body), {
      config: limits.perIp("resetPassword"),
    });

    handle(scope, api.users.list, (request) => listUsers(db, principalOf(request)));
    handle(scope, api.users.searchDirectoryUsers, async (request) => {
      if (!directory) throw directoryNotConfigured();
      return directory.search(request.query.username);
    });
    handle(scope, api.users.getById, (request) => getUser(db, principalOf(request), request.params.id));
    handle(scope, api.users.roles, (request) => rolesOfUser(db, principalOf(request), request.params.userId));
    handle(scope, api.users.create, (request) => createUser(db, principalOf(request), request.body));
    handle(scope, api.users.update, (request) => updateUser(db, principalOf(request), request.body));
    handle(scope, api.users.enable, (request) =>
      setUserEnabled(db, principalOf(request), request.params.id, true),
    );
    handle(scope, api.users.disable, (request) =>
      setUserEnabled(db, principalOf(request), request.params.id, false),
    );
  });
}
