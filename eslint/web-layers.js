// The web app's layers: lib -> features -> app, no feature importing another (docs/style.md).
// Owned here so the web's rules and the server's (eslint/server-modules.js) change apart.
import fs from "node:fs";
import path from "node:path";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export function webLayers(root) {
  const web = "apps/web/src";
  const features = fs
    .readdirSync(path.join(root, web, "features"), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
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
                  "A feature imports only lib/, the contracts and its own files: move what two features share to lib/, and wire features together in app/.",
              })),
              {
                target: `${web}/features`,
                from: `${web}/app`,
                message: "Features do not import the app shell: the app imports features.",
              },
              {
                target: `${web}/lib`,
                from: [`${web}/features`, `${web}/app`],
                message: "lib/ is shared by every feature and imports none of them (nor app/).",
              },
            ],
          },
        ],
      },
    },
  ];
}
