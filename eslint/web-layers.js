// The web app's layers (docs/architecture.md): app -> features -> entities -> lib, each importing
// only the layers after it. A feature imports no other feature. An entity (entities/<domain>/: a
// domain's queries, commands and state) is imported through its index.ts by everyone outside it,
// other entities included (but for the few files the app shell's first download takes by path,
// FIRST_DOWNLOAD_FILES), and never through its own index.ts from inside. Proved by
// apps/web/src/import-boundaries.test.ts. Owned here so the web's rules and the server's
// (eslint/server-modules.js) change apart.
import fs from "node:fs";
import path from "node:path";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

const web = "apps/web/src";

const ENTITY_DOOR = `Import an entity through its index.ts ("@/entities/<entity>"), never its inner files: the index lists what it offers.`;

/**
 * The entity files the app shell imports by path: the build puts every file an index re-exports
 * into each download that reaches the index, and these are read by the layout and the providers,
 * in every visitor's first download, from entities whose index.ts carries login-only code.
 */
const FIRST_DOWNLOAD_FILES = ["./cart/offline-cart.ts", "./shopping-lists/list-mirror.ts"];

/** The folders under apps/web/src/<layer>. */
function slices(root, layer) {
  return fs
    .readdirSync(path.join(root, web, layer), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
}

export function webLayers(root) {
  const features = slices(root, "features");
  const entities = slices(root, "entities");
  const frontDoors = entities.map((name) => `./${name}/index.ts`);
  /** Test data (`*.fixture.ts`), which other layers' tests may use as it is. */
  const fixtures = entities.flatMap((name) =>
    fs
      .readdirSync(path.join(root, web, "entities", name))
      .filter((file) => file.endsWith(".fixture.ts"))
      .map((file) => `./${name}/${file}`),
  );
  return [
    {
      files: ["apps/web/**/*.{ts,tsx}"],
      languageOptions: { globals: { ...globals.browser } },
      plugins: { "react-hooks": reactHooks },
      rules: {
        ...reactHooks.configs.recommended.rules,
        "no-restricted-imports": [
          "error",
          {
            patterns: [
              {
                group: ["**/apps/server/**", "@trade-shop/server*"],
                message: "The web app talks to the server over HTTP only.",
              },
            ],
          },
        ],
        "import-x/no-restricted-paths": [
          "error",
          {
            basePath: root,
            zones: [
              ...features.map((name) => ({
                target: `${web}/features/${name}`,
                from: `${web}/features`,
                except: [`./${name}`],
                message:
                  "A feature imports only entities/, lib/, the contracts and its own files: move what two features share to an entity or lib/, and wire features together in app/.",
              })),
              {
                target: `${web}/features`,
                from: `${web}/app`,
                message: "Features do not import the app shell: the app imports features.",
              },
              {
                target: `${web}/entities`,
                from: [`${web}/features`, `${web}/app`],
                message:
                  "An entity imports only lib/, the contracts and other entities: features and the app shell build on entities, not the other way round.",
              },
              ...entities.map((name) => ({
                target: `${web}/entities/${name}`,
                from: `${web}/entities`,
                except: [
                  `./${name}`,
                  ...frontDoors.filter((door) => door !== `./${name}/index.ts`),
                  ...fixtures.filter((fixture) => !fixture.startsWith(`./${name}/`)),
                ],
                message: `Import another entity through its index.ts ("@/entities/<entity>"), never its inner files.`,
              })),
              ...entities.map((name) => ({
                target: `${web}/entities/${name}`,
                from: `${web}/entities/${name}/index.ts`,
                message:
                  "Inside an entity, import the file itself: the entity's own index.ts would make a loop, and would bring all of it along.",
              })),
              {
                target: [`${web}/features`, `${web}/*.{ts,tsx}`],
                from: `${web}/entities`,
                except: [...frontDoors, ...fixtures],
                message: ENTITY_DOOR,
              },
              {
                target: `${web}/app`,
                from: `${web}/entities`,
                except: [...frontDoors, ...fixtures, ...FIRST_DOWNLOAD_FILES],
                message: ENTITY_DOOR,
              },
              {
                target: `${web}/lib`,
                from: [`${web}/entities`, `${web}/features`, `${web}/app`],
                message:
                  "lib/ holds what knows no domain: it imports no entity, no feature and not the app shell.",
              },
            ],
          },
        ],
      },
    },
  ];
}
