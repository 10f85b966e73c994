// The staff directory (Active Directory or any LDAP server, through ldapts): finding people to
// add as users, and checking a directory user's password by binding as them. Each call opens
// its own connection, binds with the service account, and closes again.
import {
  AndFilter,
  Client,
  EqualityFilter,
  InvalidCredentialsError,
  OrFilter,
  SubstringFilter,
  type Entry,
  type Filter,
} from "ldapts";
import type { DirectoryUser } from "@trade-shop/contracts/identity";
import type { Config } from "../../config";
import { DomainError } from "../../core/domain-error";

export interface Directory {
  /** People whose account name, uid or common name starts with `prefix`. */
  search(prefix: string): Promise<DirectoryUser[]>;
  /** Whether the directory accepts this password for the account name. */
  verifyPassword(accountName: string, password: string): Promise<boolean>;
}

type DirectoryConfig = Pick<Config, "LDAP_URL" | "LDAP_BIND_DN" | "LDAP_BIND_PASSWORD" | "LDAP_SEARCH_BASE">;

const SEARCH_LIMIT = 50;
const TIMEOUT_MS = 10_000;
// AD names a person by sAMAccountName, OpenLDAP usually by uid; cn catches the rest.
const NAME_ATTRIBUTES = ["sAMAccountName", "uid", "cn"] as const;
const ATTRIBUTES = [
  "objectGUID",
  "entryUUID",
  "sAMAccountName",
  "uid",
  "userPrincipalName",
  "cn",
  "displayName",
  "givenName",
  "sn",
  "mail",
  "userAccountControl",
  "lockoutTime",
  "pwdAccountLockedTime",
];
// userAccountControl flag ACCOUNTDISABLE.
const AD_ACCOUNT_DISABLED = 0x2;

export const directoryNotConfigured = () =>
  new DomainError("service_unavailable", "The staff directory is not configured for this shop.", {
    extensions: {
      detail: "Set LDAP_URL, LDAP_SEARCH_BASE and the service account (LDAP_BIND_DN, LDAP_BIND_PASSWORD).",
    },
  });

const directoryUnreachable = () =>
  new DomainError(
    "service_unavailable",
    "The staff directory cannot be reached at the moment. Try again shortly.",
  );

function first(entry: Entry, attribute: string): string | null {
  const value = entry[attribute];
  const one = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return null;
  return Buffer.isBuffer(one) ? one.toString("utf8") : one;
}

// AD's objectGUID is 16 bytes whose first three groups are little-endian.
function formatGuid(bytes: Buffer): string {
  const hex = (from: number, to: number, reverse: boolean) => {
    const part = bytes.subarray(from, to);
    return Buffer.from(reverse ? [...part].reverse() : part).toString("hex");
  };
  return [hex(0, 4, true), hex(4, 6, true), hex(6, 8, true), hex(8, 10, false), hex(10, 16, false)].join("-");
}

export function toDirectoryUser(entry: Entry): DirectoryUser {
  const guidBytes = entry.objectGUID;
  const guid =
    Buffer.isBuffer(guidBytes) && guidBytes.length === 16
      ? formatGuid(guidBytes)
      : (first(entry, "entryUUID") ?? entry.dn);
  const accountName = first(entry, "sAMAccountName") ?? first(entry, "uid") ?? first(entry, "cn") ?? entry.dn;
  const accountControl = Number(first(entry, "userAccountControl") ?? 0);
  const lockoutTime = Number(first(entry, "lockoutTime") ?? 0);
  return {
    guid,
    samAccountName: accountName,
    userPrincipalName: first(entry, "userPrincipalName"),
    name: first(entry, "displayName") ?? first(entry, "cn") ?? accountName,
    givenName: first(entry, "givenName"),
    surname: first(entry, "sn"),
    emailAddress: first(entry, "mail"),
    isAccountLockedOut: lockoutTime > 0 || first(entry, "pwdAccountLockedTime") !== null,
    enabled: (accountControl & AD_ACCOUNT_DISABLED) === 0,
  };
}

const person = new EqualityFilter({ attribute: "objectClass", value: "person" });

function byNamePrefix(prefix: string): Filter {
  return new AndFilter({
    filters: [
      person,
      new OrFilter({
        filters: NAME_ATTRIBUTES.map((attribute) => new SubstringFilter({ attribute, initial: prefix })),
      }),
    ],
  });
}

function byAccountName(accountName: string): Filter {
  return new AndFilter({
    filters: [
      person,
      new OrFilter({
        filters: NAME_ATTRIBUTES.slice(0, 2).map(
          (attribute) => new EqualityFilter({ attribute, value: accountName }),
        ),
      }),
    ],
  });
}

export function createDirectory(config: DirectoryConfig): Directory | undefined {
  const { LDAP_URL: ldapUrl, LDAP_SEARCH_BASE: searchBase } = config;
  if (!ldapUrl || !searchBase) return undefined;
  const url: string = ldapUrl;
  const base: string = searchBase;

  // Connects and binds as the service account (or anonymously when none is configured).
  async function withServiceClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ url, timeout: TIMEOUT_MS, connectTimeout: TIMEOUT_MS });
    try {
      if (config.LDAP_BIND_DN) await client.bind(config.LDAP_BIND_DN, config.LDAP_BIND_PASSWORD ?? "");
      return await work(client);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw Object.assign(directoryUnreachable(), { cause: error });
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }

  async function findEntries(client: Client, filter: Filter, sizeLimit: number) {
    const { searchEntries } = await client.search(base, {
      scope: "sub",
      filter,
      attributes: ATTRIBUTES,
      explicitBufferAttributes: ["objectGUID"],
      sizeLimit,
    });
    return searchEntries;
  }

  return {
    async search(prefix) {
      const entries = await withServiceClient((client) =>
        findEntries(client, byNamePrefix(prefix), SEARCH_LIMIT),
      );
      return entries
        .map(toDirectoryUser)
        .sort((a, b) => a.samAccountName.localeCompare(b.samAccountName, "en-ZA"));
    },

    async verifyPassword(accountName, password) {
      // An empty password would be an anonymous bind, which "succeeds" without proving anything.
      if (password.length === 0) return false;
      const entries = await withServiceClient((client) => findEntries(client, byAccountName(accountName), 2));
      if (entries.length !== 1) return false;
      const userClient = new Client({ url, timeout: TIMEOUT_MS, connectTimeout: TIMEOUT_MS });
      try {
        await userClient.bind(entries[0]!.dn, password);
        return true;
      } catch (error) {
        if (error instanceof InvalidCredentialsError) return false;
        throw Object.assign(directoryUnreachable(), { cause: error });
      } finally {
        await userClient.unbind().catch(() => undefined);
      }
    },
  };
}
