// Test data for the applications' component tests: an application as the API answers with it,
// as the applicant and as staff see it.
import type { Application, StaffApplication } from "@trade-shop/contracts/applications";

export const application = (over: Partial<Application> = {}): Application => ({
  id: 12,
  reference: "APP-7K2M9Q",
  status: "New",
  submittedAt: "2026-11-21T12:05:00.000Z",
  updatedAt: "2026-11-21T12:05:00.000Z",
  business: {
    businessName: "Mama Thandi's Spaza",
    tradingName: "Thandi's",
    kind: "Spaza",
    contactName: "Thandi Nkosi",
    mobile: "0821234567",
    email: "thandi@spaza.test",
    address: {
      line1: "12 Vilakazi Street",
      suburb: "Orlando West",
      city: "Soweto",
      province: "Gauteng",
      postalCode: "1804",
    },
    latitude: -26.238,
    longitude: 27.908,
    deliveryDay: "Tuesday",
    vatNumber: "4123456789",
    liquorLicence: { number: "GAU/00123/LL", expiresOn: "2027-06-30" },
  },
  credit: {
    requestedLimit: 20000,
    bankName: "FNB",
    accountHolder: "Mama Thandi's Spaza",
    tradeReferences: [{ name: "Soweto Wholesale", phone: "0119876543" }],
    consentText: "I agree that the distributor may check…",
    consentedAt: "2026-11-21T12:05:00.000Z",
  },
  documents: [
    {
      id: 31,
      kind: "id",
      fileName: "thandi-id.pdf",
      contentType: "application/pdf",
      uploadedAt: "2026-11-21T12:05:00.000Z",
    },
  ],
  messages: [],
  decidedAt: null,
  decidedBy: null,
  declineReason: null,
  accountId: null,
  ...over,
});

export const staffApplication = (over: Partial<StaffApplication> = {}): StaffApplication => ({
  ...application(),
  choices: {
    priceLists: [
      { id: 1, name: "Standard trade" },
      { id: 2, name: "Spaza special" },
    ],
    warehouses: [
      { code: "JHB", name: "Johannesburg", distanceKm: 14.26 },
      { code: "PTA", name: "Pretoria", distanceKm: 71.5 },
      { code: "DBN", name: "Durban", distanceKm: 489 },
    ],
  },
  ...over,
});
