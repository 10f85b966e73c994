// The server's modules and their front doors (docs/architecture.md). Each folder under
// apps/server/src/modules is a module; its index.ts is the only file anyone else imports.
// core/, db/ and http/ sit beneath every module and import none; app.ts and main.ts put the
// modules together, and nothing beneath them imports them. Proved by
// apps/server/src/module-boundaries.test.ts.
import fs from "node:fs";
import path from "node:path";

const src = "apps/server/src";

/** Test files build the whole app: they may import app.ts and any module's front door. */
const TESTS = [`${src}/**/*.test.ts`];

/**
 * Tests owned with the contracts and the route table (a colleague's), which sign callbacks with
 * modules/backoffice/signature.ts directly. Exempt from the front-door rule for that one file
 * until they import the back office's index.
 */
export function serverModules(root) {
  const modules = fs
    .readdirSync(path.join(root, src, "modules"), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const frontDoors = modules.map((name) => `./${name}/index.ts`);

  /** (a) A module imports its own files, and other modules through their index.ts only. */
  const moduleZones = modules.map((name) => ({
    target: `${src}/modules/${name}`,
    from: `${src}/modules`,
    except: [`./${name}`, ...frontDoors.filter((door) => door !== `./${name}/index.ts`)],
    message: `Import another module through its front door ("../<module>"), never its inner files; a module's index.ts lists what it offers.`,
  }));
  /** app.ts, main.ts, the other files beside them and the demo data use modules through their index.ts too. */
  const composerZone = {
    target: [`${src}/*.ts`, `${src}/demo-data`],
    from: `${src}/modules`,
    except: frontDoors,
    message: `Import a module through its front door ("./modules/<module>"), never its inner files.`,
  };
  /** (b) core/, db/ and http/ are beneath the modules. */
  const beneathZone = {
    target: [`${src}/core`, `${src}/db`, `${src}/http`],
    from: `${src}/modules`,
    message:
      "core/, db/ and http/ import no module: move the piece they need here, or let app.ts hand it over (an interface declared here, the module's value passed in).",
  };
  /** Their tests build the whole app, and may use a module's front door. */
  const beneathTestZone = { ...beneathZone, except: frontDoors, message: moduleZones[0]?.message };
  /** (c) Only main.ts (and tests) import app.ts; nothing imports main.ts. */
  const appZone = {
    target: [
      `${src}/modules`,
      `${src}/core`,
      `${src}/db`,
      `${src}/http`,
      `${src}/demo-data`,
      `${src}/app-deps.ts`,
    ],
    from: [`${src}/app.ts`, `${src}/main.ts`],
    message:
      "app.ts puts the modules together; nothing it is made of imports it (routes take AppDeps from app-deps.ts).",
  };

  const rule = (zones) => ["error", { basePath: root, zones }];
  return [
    {
      files: [`${src}/**/*.ts`],
      ignores: TESTS,
      rules: { "import-x/no-restricted-paths": rule([...moduleZones, composerZone, beneathZone, appZone]) },
    },
    {
      files: TESTS,
      rules: { "import-x/no-restricted-paths": rule([...moduleZones, composerZone, beneathTestZone]) },
    },
  ];
}
