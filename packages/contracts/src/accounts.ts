// The customer's account in the back office: who they are, where they are supplied from,
// and what they owe and may still spend.
import { z } from "zod";
import { CalendarDay, Id, Rand } from "./common";
import type { ApiRoute } from "./http";

/** A liquor-licensed account's licence as the back office holds it (decision 123). */
export const LiquorLicence = z.object({
  number: z.string().nullable(),
  /** The last day the licence is valid (Johannesburg). */
  expiresOn: CalendarDay,
  /** Days from today to expiresOn; negative once expired. */
  daysLeft: z.number().int(),
  /** Past its expiry day: liquor cannot be added or ordered. */
  expired: z.boolean(),
  /** Within 30 days of expiring (and not yet expired): the customer is told to renew. */
  expiresSoon: z.boolean(),
});
export type LiquorLicence = z.infer<typeof LiquorLicence>;

export const CustomerDetails = z.object({
  id: Id,
  name: z.string(),
  /** The back-office account number, e.g. CUS0001. */
  accountId: z.string(),
  grouping1: z.string().nullable(),
  grouping2: z.string().nullable(),
  grouping3: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  address3: z.string().nullable(),
  address4: z.string().nullable(),
  address5: z.string().nullable(),
  addressPC: z.string().nullable(),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  pastelCustomerId: z.string().nullable(),
  contactName: z.string().nullable(),
  contactTelephone1: z.string().nullable(),
  contactTelephone2: z.string().nullable(),
  contactCellphone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  taxNumber: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  /** Agreed delivery and order days as the back office words them, e.g. "Tuesday". */
  nominatedDeliveryDate: z.string().nullable(),
  nominatedOrderDate: z.string().nullable(),
  channelGroup: z.string().nullable(),
  channelSubGroup: z.string().nullable(),
  mainWarehouseCode: z.string().nullable(),
  warehouseId: Id.nullable(),
  /** Decides the customer's list prices; deals apply on top. */
  pricelistId: Id.nullable(),
  pricelistName: z.string().nullable(),
  active: z.boolean(),
  vendorNumber: z.string().nullable(),
  repCode: z.string().nullable(),
  /** Without a liquor licence the customer may not add or order liquor SKUs. */
  isLiquorCustomer: z.boolean(),
  /** The liquor licence of a licensed account; null when none is on record. */
  liquorLicence: LiquorLicence.nullable(),
  /** The warehouse whose stock the customer sees and buys from. */
  stockingWarehouseCode: z.string(),
  deliveryMethod: z.string().nullable(),
  /** What the customer owes now (debtor's balance). */
  dcBalance: Rand,
});
export type CustomerDetails = z.infer<typeof CustomerDetails>;

/** remainingCredit = totalCredit - dcBalance - value of orders not yet invoiced. */
export const CreditDetails = z.object({
  accountId: z.string(),
  /** The tenant (principal) the credit line is held with. */
  principleId: z.string().nullable(),
  remainingCredit: Rand,
  totalCredit: Rand,
});
export type CreditDetails = z.infer<typeof CreditDetails>;

/** The header's Current Balance and Remaining Credit; null until loaded, and then not shown. */
export const AccountState = z.object({
  dcBalance: CustomerDetails.shape.dcBalance.nullable(),
  remainingCredit: CreditDetails.shape.remainingCredit.nullable(),
});
export type AccountState = z.infer<typeof AccountState>;

/** One of the account's delivery addresses as the back office keeps them (read-only in the shop). */
export const CustomerAddress = z.object({
  id: Id,
  /** What the customer calls the place, e.g. "Main store". */
  label: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  address3: z.string().nullable(),
  address4: z.string().nullable(),
  address5: z.string().nullable(),
  addressPC: z.string().nullable(),
  /** The address orders are delivered to unless the customer says otherwise; exactly one. */
  isDefault: z.boolean(),
});
export type CustomerAddress = z.infer<typeof CustomerAddress>;

/** This domain's routes in the API table (api.ts). */
export const accountRoutes = {
  getCustomerDetails: {
    method: "POST",
    path: "/api/Users/GetCustomerDetails",
    response: CustomerDetails,
    auth: true,
    problems: ["not_found"],
    summary: "The logged-in user's customer account",
    tag: "Users",
  },
  getCustomerAddresses: {
    method: "GET",
    path: "/api/Users/GetCustomerAddresses",
    response: z.array(CustomerAddress),
    auth: true,
    problems: ["not_found"],
    summary: "The logged-in customer's delivery addresses, the default first",
    tag: "Users",
  },
  getCreditDetails: {
    method: "POST",
    path: "/api/Users/GetCreditDetails",
    response: CreditDetails,
    auth: true,
    problems: ["not_found"],
    summary: "The logged-in customer's credit limit and what remains of it",
    tag: "Users",
  },
} as const satisfies Record<string, ApiRoute>;
