// Who may still be told about an account: an enabled login that is one of the account's people,
// or a rep it is assigned to (decision 127), in the account's tenant. Asked when an alert is
// made and again just before each push, so a login removed from the account (modules/accounts'
// removeBuyer unlinks and disables it) or disabled by an admin hears nothing more.
import { sql } from "kysely";
import type { Db } from "../../db/database";

export interface Recipient {
  userId: number;
  firstname: string;
  email: string;
  accountRole: string;
  /** The account's contact cellphone (SMS goes to the owner only). */
  cellphone: string | null;
}

export async function recipientOf(
  db: Db,
  userId: number,
  customerId: number,
): Promise<Recipient | undefined> {
  const { rows } = await sql<Recipient>`
    SELECT u.id AS user_id, u.firstname, u.email, u.account_role, c.contact_cellphone AS cellphone
      FROM users u
      JOIN customers c ON c.id = ${customerId}
     WHERE u.id = ${userId} AND u.is_active AND c.active
       AND EXISTS (SELECT 1 FROM user_tenants ut WHERE ut.user_id = u.id AND ut.tenant_id = c.tenant_id)
       AND (u.customer_id = c.id
            OR EXISTS (SELECT 1 FROM rep_accounts r WHERE r.rep_user_id = u.id AND r.customer_id = c.id))`.execute(
    db,
  );
  return rows[0];
}
