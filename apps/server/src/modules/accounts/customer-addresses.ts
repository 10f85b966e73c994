// The logged-in customer's delivery addresses in the request's tenant, the default first. They
// come from the back office with the account; the shop shows them and does not change them.
import type { CustomerAddress } from "@trade-shop/contracts/accounts";
import type { Db } from "../../db/database";
import type { Principal } from "../../http/auth";
import { notFound } from "../../http/domain-error";
import { addressFields } from "./address-fields";
import { customerContextFor } from "./customer-context";

export async function customerAddressesFor(db: Db, principal: Principal): Promise<CustomerAddress[]> {
  // Like GetCustomerDetails: a login without an account (staff) has no addresses to show.
  const customer = await customerContextFor(db, principal);
  if (!customer) throw notFound("Your login is not linked to a customer account in this tenant.");
  const rows = await db
    .selectFrom("customerAddresses")
    .selectAll()
    .where("customerId", "=", customer.customerId)
    .orderBy("isDefault", "desc")
    .orderBy("label")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    ...addressFields(row),
    isDefault: row.isDefault,
  }));
}
