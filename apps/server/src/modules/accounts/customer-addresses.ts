// The logged-in customer's delivery addresses in the request's tenant, the default first. They
// come from the back office with the account; the shop shows them and does not change them.
import type { CustomerAddress } from "@trade-shop/contracts/accounts";
import type { Db } from "../../db/database";
import type { Principal } from "../../core/principal";
import { notFound } from "../../core/domain-error";
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

/**
 * A delivery address the customer chose for an order (order placement reads the account's own
 * address with the account). Only an address of this customer counts: an id from another
 * account (or tenant) is not found.
 */
export async function chosenDeliveryAddress(db: Db, customerId: number, addressId: number) {
  const chosen = await db
    .selectFrom("customerAddresses")
    .select(["address1", "address2", "address3", "address4", "address5", "addressPc"])
    .where("id", "=", addressId)
    .where("customerId", "=", customerId)
    .executeTakeFirst();
  if (!chosen) throw notFound("That delivery address is not on your account. Choose one of your addresses.");
  return chosen;
}
