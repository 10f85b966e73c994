// `npm run db:seed -- --demo`: migrates the database named by DATABASE_URL (or the embedded
// one) and loads the demo data into it when it is empty.
import { loadConfig } from "../config";
import { openDatabase } from "../db/database";
import { isDatabaseEmpty, loadDemoData } from "./load";
import { migrate } from "../db/migrate";

const config = loadConfig();
if (!process.argv.includes("--demo")) {
  console.error("Usage: npm run db:seed -- --demo   (loads the demo data into an empty database)");
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(database.db);
  if (!(await isDatabaseEmpty(database.db))) {
    console.error("The database already has products; demo data was not loaded.");
    process.exitCode = 1;
  } else {
    await loadDemoData(database.db);
    console.info(`Demo data loaded into ${database.kind === "postgres" ? "PostgreSQL" : config.DATA_DIR}.`);
  }
} finally {
  await database.close();
}
