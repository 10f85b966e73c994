// `npm run dev`: the API with reload on change (port 3000) and Vite's dev server with hot
// reload (port 5173, proxying /api and /images to the API). Ctrl-C stops both.
import { spawn } from "node:child_process";

const children = [
  spawn("npm", ["run", "dev", "--workspace", "apps/server"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev", "--workspace", "apps/web"], { stdio: "inherit" }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children)
  c.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
