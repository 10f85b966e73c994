// The logged-in user's customer account in the request's tenant, as GetCustomerDetails shows
// it: who the customer is, where they are supplied from, and what they owe (in rand).
import type { CustomerDetails } from "@trade-shop/contracts/accounts";
import { toRand } from "@trade-shop/contracts/common";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import { notFound } from "../../core/domain-error";
import { addressFields } from "./address-fields";
import { callersAccount, type Caller } from "./customer-context";
import { LICENCE_NOTICE_DAYS } from "./liquor-licence";

export async function customerDetailsFor(
  db: Db,
  principal: Caller & { tenantId: string },
): Promise<CustomerDetails> {
  const row = await db
    .selectFrom("customers")
    .innerJoin("priceLists", "priceLists.id", "customers.pricelistId")
    .selectAll("customers")
    .select("priceLists.name as pricelistName")
    .select([
      sql<string | null>`customers.liquor_licence_expires_on::text`.as("licenceExpiresOn"),
      sql<
        number | null
      >`customers.liquor_licence_expires_on - (now() AT TIME ZONE 'Africa/Johannesburg')::date`.as(
        "licenceDaysLeft",
      ),
    ])
    .where(await callersAccount(db, principal))
    .where("customers.tenantId", "=", principal.tenantId)
    .executeTakeFirst();
  if (!row) throw notFound("Your login is not linked to a customer account in this tenant.");
  return {
    id: row.id,
    name: row.name,
    accountId: row.accountId,
    grouping1: row.grouping1,
    grouping2: row.grouping2,
    grouping3: row.grouping3,
    ...addressFields(row),
    latitude: row.latitude,
    longitude: row.longitude,
    pastelCustomerId: row.pastelCustomerId,
    contactName: row.contactName,
    contactTelephone1: row.contactTelephone1,
    contactTelephone2: row.contactTelephone2,
    contactCellphone: row.contactCellphone,
    contactEmail: row.contactEmail,
    taxNumber: row.taxNumber,
    registrationNumber: row.registrationNumber,
    nominatedDeliveryDate: row.nominatedDeliveryDate,
    nominatedOrderDate: row.nominatedOrderDate,
    channelGroup: row.channelGroup,
    channelSubGroup: row.channelSubGroup,
    mainWarehouseCode: row.mainWarehouseCode,
    // Warehouses are known by their code; there is no separate numeric warehouse id.
    warehouseId: null,
    pricelistId: row.pricelistId,
    pricelistName: row.pricelistName,
    active: row.active,
    vendorNumber: row.vendorNumber,
    repCode: row.repCode,
    isLiquorCustomer: row.isLiquorCustomer,
    liquorLicence:
      row.isLiquorCustomer && row.licenceExpiresOn !== null && row.licenceDaysLeft !== null
        ? {
            number: row.liquorLicenceNumber,
            expiresOn: row.licenceExpiresOn,
            daysLeft: row.licenceDaysLeft,
            expired: row.licenceDaysLeft < 0,
            expiresSoon: row.licenceDaysLeft >= 0 && row.licenceDaysLeft <= LICENCE_NOTICE_DAYS,
          }
        : null,
    stockingWarehouseCode: row.stockingWarehouseCode,
    deliveryMethod: row.deliveryMethod,
    dcBalance: toRand(row.dcBalanceCents),
  };
}
