// "First Last" of a users row joined under `alias` (who placed, decided, sent…), or null when
// both are blank: one expression for every query that names a user.
import { sql } from "kysely";

export const userFullName = (alias: string) =>
  sql<
    string | null
  >`nullif(trim(${sql.ref(`${alias}.firstname`)} || ' ' || ${sql.ref(`${alias}.lastname`)}), '')`;
