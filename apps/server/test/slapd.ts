// A real OpenLDAP server (Debian's slapd) for the directory tests: a throwaway config and
// database in a temp folder, loaded with slapadd from a small LDIF, listening on a free
// loopback port. The directory looks like a small Active Directory (sAMAccountName,
// userPrincipalName, userAccountControl, objectGUID) plus one plain OpenLDAP person (uid only).
// A missing slapd fails loudly: the tests never skip.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "ldapts";
import { freePort } from "./smtp";

const SLAPD = "/usr/sbin/slapd";
const SLAPADD = "/usr/sbin/slapadd";
const SCHEMA_DIR = "/etc/ldap/schema";
const MODULE_DIR = "/usr/lib/ldap";

export const DIRECTORY_BASE = "dc=tradeshop,dc=test";
export const DIRECTORY_DOMAIN = "TRADESHOP";
const SERVICE_DN = `cn=shop-reader,ou=services,${DIRECTORY_BASE}`;
const SERVICE_PASSWORD = "reader-secret-1";

/** People in the test directory and their directory passwords. */
export const DIRECTORY_PEOPLE = {
  thandi: {
    accountName: "thandi.mokoena",
    password: "Thandi-Dir-Pass-1",
    guid: "00112233-4455-6677-8899-aabbccddeeff",
  },
  thabo: { accountName: "thabo.nkosi", password: "Thabo-Dir-Pass-1" },
  sipho: { accountName: "sipho.dlamini", password: "Sipho-Dir-Pass-1" },
} as const;

// Just enough of Active Directory's schema, with matching rules so that searches work.
// Test-only object class OID.
const AD_LITE_SCHEMA = `
attributetype ( 1.2.840.113556.1.4.221 NAME 'sAMAccountName'
  EQUALITY caseIgnoreMatch SUBSTR caseIgnoreSubstringsMatch
  SYNTAX 1.3.6.1.4.1.1466.115.121.1.15 SINGLE-VALUE )
attributetype ( 1.2.840.113556.1.4.656 NAME 'userPrincipalName'
  EQUALITY caseIgnoreMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.15 SINGLE-VALUE )
attributetype ( 1.2.840.113556.1.4.8 NAME 'userAccountControl'
  EQUALITY integerMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.27 SINGLE-VALUE )
attributetype ( 1.2.840.113556.1.4.662 NAME 'lockoutTime'
  EQUALITY integerMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.27 SINGLE-VALUE )
attributetype ( 1.2.840.113556.1.4.2 NAME 'objectGUID'
  EQUALITY octetStringMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.40 SINGLE-VALUE )
objectclass ( 1.3.6.1.4.1.4203.666.11.99.1 NAME 'tradeShopTestAdUser' SUP top AUXILIARY
  MAY ( sAMAccountName $ userPrincipalName $ userAccountControl $ lockoutTime $ objectGUID ) )
`;

// AD writes objectGUID's first three groups little-endian.
function adGuidBytes(guid: string): string {
  const hex = guid.replace(/-/g, "");
  const swap = (part: string) => part.match(/../g)!.reverse().join("");
  const bytes = swap(hex.slice(0, 8)) + swap(hex.slice(8, 12)) + swap(hex.slice(12, 16)) + hex.slice(16);
  return Buffer.from(bytes, "hex").toString("base64");
}

const LDIF = `
dn: ${DIRECTORY_BASE}
objectClass: dcObject
objectClass: organization
dc: tradeshop
o: Trade Shop test directory

dn: ou=services,${DIRECTORY_BASE}
objectClass: organizationalUnit
ou: services

dn: ou=people,${DIRECTORY_BASE}
objectClass: organizationalUnit
ou: people

dn: ${SERVICE_DN}
objectClass: person
cn: shop-reader
sn: Reader
userPassword: ${SERVICE_PASSWORD}

dn: cn=Thandi Mokoena,ou=people,${DIRECTORY_BASE}
objectClass: inetOrgPerson
objectClass: tradeShopTestAdUser
cn: Thandi Mokoena
displayName: Thandi Mokoena
givenName: Thandi
sn: Mokoena
mail: thandi.mokoena@corp.tradeshop.test
sAMAccountName: ${DIRECTORY_PEOPLE.thandi.accountName}
userPrincipalName: ${DIRECTORY_PEOPLE.thandi.accountName}@corp.tradeshop.test
userAccountControl: 512
objectGUID:: ${adGuidBytes(DIRECTORY_PEOPLE.thandi.guid)}
userPassword: ${DIRECTORY_PEOPLE.thandi.password}

dn: cn=Thabo Nkosi,ou=people,${DIRECTORY_BASE}
objectClass: inetOrgPerson
objectClass: tradeShopTestAdUser
cn: Thabo Nkosi
givenName: Thabo
sn: Nkosi
mail: thabo.nkosi@corp.tradeshop.test
sAMAccountName: ${DIRECTORY_PEOPLE.thabo.accountName}
userAccountControl: 514
lockoutTime: 133500000000000000
userPassword: ${DIRECTORY_PEOPLE.thabo.password}

dn: uid=${DIRECTORY_PEOPLE.sipho.accountName},ou=people,${DIRECTORY_BASE}
objectClass: inetOrgPerson
uid: ${DIRECTORY_PEOPLE.sipho.accountName}
cn: Sipho Dlamini
givenName: Sipho
sn: Dlamini
mail: sipho.dlamini@corp.tradeshop.test
userPassword: ${DIRECTORY_PEOPLE.sipho.password}
`;

function slapdConf(dir: string) {
  const modules = existsSync(path.join(MODULE_DIR, "back_mdb.so"))
    ? `modulepath ${MODULE_DIR}\nmoduleload back_mdb\n`
    : "";
  return `
include ${SCHEMA_DIR}/core.schema
include ${SCHEMA_DIR}/cosine.schema
include ${SCHEMA_DIR}/inetorgperson.schema
include ${path.join(dir, "ad-lite.schema")}
pidfile ${path.join(dir, "slapd.pid")}
argsfile ${path.join(dir, "slapd.args")}
${modules}
database mdb
maxsize 16777216
suffix "${DIRECTORY_BASE}"
directory ${path.join(dir, "db")}
access to attrs=userPassword by anonymous auth by self read by * none
access to * by users read by * none
`;
}

export interface TestDirectory {
  url: string;
  /** The shop's LDAP_* settings for this directory. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  const client = new Client({ url, connectTimeout: 500, timeout: 1000 });
  try {
    await client.bind(SERVICE_DN, SERVICE_PASSWORD);
    return true;
  } catch {
    return false;
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

export async function startSlapd(): Promise<TestDirectory> {
  for (const tool of [SLAPD, SLAPADD]) {
    if (!existsSync(tool)) {
      throw new Error(
        `${tool} is missing: the directory tests need OpenLDAP (apt-get install slapd ldap-utils).`,
      );
    }
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "tradeshop-slapd-"));
  await writeFile(path.join(dir, "ad-lite.schema"), AD_LITE_SCHEMA);
  await writeFile(path.join(dir, "slapd.conf"), slapdConf(dir));
  await writeFile(path.join(dir, "data.ldif"), LDIF.trimStart());
  const conf = path.join(dir, "slapd.conf");
  await mkdir(path.join(dir, "db"));
  await promisify(execFile)(SLAPADD, ["-f", conf, "-l", path.join(dir, "data.ldif")]);

  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // -d keeps slapd in the foreground, so it is our child and dies with the test run.
  const slapd: ChildProcess = spawn(SLAPD, ["-h", `${url}/`, "-f", conf, "-d", "0"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  slapd.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => slapd.once("exit", () => resolve()));

  const stop = async () => {
    if (slapd.exitCode === null) slapd.kill("SIGTERM");
    await exited;
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  while (!(await answers(url))) {
    if (slapd.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`slapd did not start on ${url}: ${stderr.trim() || `exit code ${slapd.exitCode}`}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    env: {
      LDAP_URL: url,
      LDAP_BIND_DN: SERVICE_DN,
      LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
      LDAP_SEARCH_BASE: DIRECTORY_BASE,
      LDAP_DOMAIN: DIRECTORY_DOMAIN,
    },
    stop,
  };
}
