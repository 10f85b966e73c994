// The ordered list of schema migrations. Append only: a released migration never changes.
import * as m0001 from "./0001-initial";

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [{ version: 1, ...m0001 }];
