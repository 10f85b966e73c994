// Becoming a customer (docs/applications.md): a trader who found the shop applies for an
// account at /apply, with documents and, if they want terms, a credit application; staff review
// it at /applications, ask for more information, and approve it (the account is made, sent to
// the back office, and the applicant invited as its Owner) or decline it. The applicant follows
// it at /apply/status with the secret link they were given (the X-Application-Token header).
import { z } from "zod";
import type { ApiRoute } from "./http";
import { CalendarDay, EmailAddress, Id, IdParam, IsoDateTime, Rand, requiredText } from "./common";

export const BusinessKind = z.enum([
  "Spaza",
  "Tuckshop",
  "Tavern",
  "Supermarket",
  "Wholesaler",
  "Restaurant or take-away",
  "Other",
]);
export type BusinessKind = z.infer<typeof BusinessKind>;

export const Province = z.enum([
  "Eastern Cape",
  "Free State",
  "Gauteng",
  "KwaZulu-Natal",
  "Limpopo",
  "Mpumalanga",
  "North West",
  "Northern Cape",
  "Western Cape",
]);
export type Province = z.infer<typeof Province>;

/** The weekday the truck comes, as accounts nominate it. */
export const DeliveryWeekday = z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]);
export type DeliveryWeekday = z.infer<typeof DeliveryWeekday>;

export const ApplicationStatus = z.enum(["New", "More information needed", "Approved", "Declined"]);
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;

export const DocumentKind = z.enum(["id", "proof_of_address", "company_registration", "liquor_licence"]);
export type DocumentKind = z.infer<typeof DocumentKind>;

export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  id: "ID or passport",
  proof_of_address: "Proof of address",
  company_registration: "Company registration",
  liquor_licence: "Liquor licence",
};

/** A South African VAT number: 10 digits, the first a 4. */
export const VatNumber = z
  .string()
  .trim()
  .regex(/^4\d{9}$/, "A VAT number has 10 digits and starts with 4");

/** A CIPC company or close corporation registration number, e.g. 2015/123456/07. */
export const CompanyRegistration = z
  .string()
  .trim()
  .regex(
    /^(18|19|20)\d{2}\/\d{6}\/(06|07|08|09|10|21|22|23|24|25|26|30|31)$/,
    "Give the registration number as on the CIPC certificate, e.g. 2015/123456/07",
  );

/** A liquor licence number as the provincial liquor boards write them, e.g. GAU/00123/LL. */
export const LiquorLicenceNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(
    /^[A-Z]{2,4}\/\d{3,6}\/[A-Z0-9]{1,6}$/,
    "Give the licence number as on the licence, e.g. GAU/00123/LL",
  );

/** A South African cellphone number: 0 or +27, then 9 digits starting 6, 7 or 8. */
export const CellphoneNumber = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^(\+27|0)[6-8]\d{8}$/, "Enter a cellphone number such as 082 123 4567"));

/** A file as uploaded: a data URL of a PDF, JPEG, PNG or WebP (the server reads what the bytes are). */
const DocumentDataUrl = z
  .string()
  .regex(
    /^data:(application\/pdf|image\/(png|jpeg|webp));base64,/,
    "Each document must be a PDF, or a JPEG, PNG or WebP picture",
  );

export const DocumentUpload = z.object({
  kind: DocumentKind,
  fileName: requiredText("Choose the file", 120),
  file: DocumentDataUrl,
});
export type DocumentUpload = z.infer<typeof DocumentUpload>;

export const Address = z.object({
  line1: requiredText("Enter the street address", 100),
  line2: z.string().trim().max(100).optional(),
  suburb: z.string().trim().max(60).optional(),
  city: requiredText("Enter the town or city", 60),
  province: Province,
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, "A postal code has 4 digits"),
});
export type Address = z.infer<typeof Address>;

/** The business as given, without the checks of the day it is given (an Application shows it later). */
const BusinessFields = z.object({
  businessName: requiredText("Enter the business's registered or trading name", 100),
  tradingName: z.string().trim().max(100).optional(),
  kind: BusinessKind,
  contactName: requiredText("Enter the name of the person we speak to", 100),
  mobile: CellphoneNumber,
  email: EmailAddress,
  address: Address,
  /** Where the shop is: the phone's location or typed coordinates, within South Africa. */
  latitude: z
    .number()
    .min(-35, "The pin must be in South Africa")
    .max(-22, "The pin must be in South Africa"),
  longitude: z.number().min(16, "The pin must be in South Africa").max(33, "The pin must be in South Africa"),
  deliveryDay: DeliveryWeekday,
  vatNumber: VatNumber.optional(),
  companyRegistration: CompanyRegistration.optional(),
  /** For liquor: the licence's number and expiry (and its file among the documents). */
  liquorLicence: z.object({ number: LiquorLicenceNumber, expiresOn: CalendarDay }).nullable().default(null),
});

export const BusinessDetails = BusinessFields.refine(
  (b) => b.liquorLicence === null || b.liquorLicence.expiresOn > new Date().toISOString().slice(0, 10),
  { message: "This licence has expired", path: ["liquorLicence", "expiresOn"] },
);
export type BusinessDetails = z.infer<typeof BusinessDetails>;

/** What the owner consents to, recorded word for word with the time. */
export const CREDIT_CHECK_CONSENT =
  "I agree that the distributor may check this business's and my credit record with a registered credit bureau, and contact the trade references given.";

export const TradeReference = z.object({
  name: requiredText("Enter the supplier's name", 100),
  /** A landline or a cellphone, spaced and dashed as people write them (011 123 4567). */
  phone: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^(\+27|0)\d{9}$/, "Enter a phone number such as 011 123 4567")),
});

export const CreditRequest = z.object({
  requestedLimit: Rand.refine((r) => r >= 1000 && r <= 5_000_000, "Ask for R1 000 to R5 000 000"),
  bankName: requiredText("Enter the business's bank", 60),
  accountHolder: requiredText("Enter the account holder", 100),
  tradeReferences: z.array(TradeReference).max(3).default([]),
  consent: z.literal(true, { error: "Tick the box to agree to the credit check" }),
});
export type CreditRequest = z.infer<typeof CreditRequest>;

/** Sends a 6-digit PIN to the applicant's e-mail address; the application hands it back. */
export const ApplicationPinRequest = z.object({ email: EmailAddress });
export const ApplicationPinResult = z.object({ pinKey: z.string(), sentTo: z.string() });

export const SubmitApplicationCommand = z.object({
  business: BusinessDetails,
  credit: CreditRequest.nullable().default(null),
  documents: z.array(DocumentUpload).max(8, "Send at most 8 documents at a time").default([]),
  pinKey: z.string().min(1),
  pin: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit PIN we e-mailed you"),
});
export type SubmitApplicationCommand = z.infer<typeof SubmitApplicationCommand>;

export const ApplicationDocument = z.object({
  id: Id,
  kind: DocumentKind,
  fileName: z.string(),
  contentType: z.string(),
  uploadedAt: IsoDateTime,
});

export const ApplicationMessage = z.object({
  from: z.enum(["Staff", "Applicant"]),
  text: z.string(),
  at: IsoDateTime,
  /** The staff member's name; null for the applicant. */
  by: z.string().nullable(),
});

export const Application = z.object({
  id: Id,
  /** What the applicant quotes, e.g. APP-7K2M9Q. */
  reference: z.string(),
  status: ApplicationStatus,
  submittedAt: IsoDateTime,
  updatedAt: IsoDateTime,
  /**
   * As given: a licence that was valid then may have expired since, so no check of the day here;
   * the numbers as stored (0821234567), as an answer cannot run a request's clean-up backwards.
   */
  business: BusinessFields.extend({ mobile: z.string() }),
  credit: CreditRequest.omit({ consent: true })
    .extend({
      tradeReferences: z.array(TradeReference.extend({ phone: z.string() })),
      consentText: z.string(),
      consentedAt: IsoDateTime,
    })
    .nullable(),
  documents: z.array(ApplicationDocument),
  messages: z.array(ApplicationMessage),
  decidedAt: IsoDateTime.nullable(),
  decidedBy: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** The account made when it was approved. */
  accountId: z.string().nullable(),
});
export type Application = z.infer<typeof Application>;

export const ApplicationReceipt = z.object({
  application: Application,
  /** The secret of the status link (/apply/status?token=…); shown once, e-mailed too. */
  statusToken: z.string(),
});

/** What staff choose from to approve: the price lists, and the warehouses nearest the pin first. */
export const ApprovalChoices = z.object({
  priceLists: z.array(z.object({ id: Id, name: z.string() })),
  warehouses: z.array(z.object({ code: z.string(), name: z.string(), distanceKm: z.number().nullable() })),
});

export const StaffApplication = Application.extend({ choices: ApprovalChoices });
export type StaffApplication = z.infer<typeof StaffApplication>;

export const ApplicationSummary = Application.pick({
  id: true,
  reference: true,
  status: true,
  submittedAt: true,
  updatedAt: true,
  accountId: true,
}).extend({
  businessName: z.string(),
  kind: BusinessKind,
  city: z.string(),
  creditRequested: Rand.nullable(),
  liquor: z.boolean(),
});
export const ApplicationList = z.object({ items: z.array(ApplicationSummary) });

export const AddDocumentsCommand = z.object({
  documents: z.array(DocumentUpload).min(1, "Choose a document").max(8),
});
export const MessageCommand = z.object({ text: requiredText("Write your message", 2000) });
export const AddCreditCommand = z.object({ credit: CreditRequest });

export const ApproveApplicationCommand = z.object({
  priceListId: Id,
  warehouseCode: requiredText("Choose the warehouse", 20),
  creditLimit: Rand.refine((r) => r >= 0, "The credit limit cannot be negative"),
  /** Sell it liquor: only with a licence on the application. */
  liquor: z.boolean(),
});
export const DeclineApplicationCommand = z.object({ reason: requiredText("Say why it is declined", 500) });

export const APPLICATION_TOKEN_HEADER = "X-Application-Token";

const ApplicationParams = z.object({ id: IdParam });
const DocumentParams = z.object({ documentId: IdParam });
const StaffDocumentParams = z.object({ id: IdParam, documentId: IdParam });
const STAFF = ["Staff", "Admin"] as const;

export const applicationRoutes = {
  requestPin: {
    method: "POST",
    path: "/api/Applications/Pin",
    body: ApplicationPinRequest,
    response: ApplicationPinResult,
    auth: false,
    problems: ["rate_limited", "service_unavailable"],
    summary: "E-mail a PIN to the applicant's address, to prove it is theirs",
    tag: "Applications",
  },
  submit: {
    method: "POST",
    path: "/api/Applications",
    body: SubmitApplicationCommand,
    response: ApplicationReceipt,
    auth: false,
    problems: ["rate_limited"],
    summary: "Apply for a customer account, with documents and, if wanted, credit",
    tag: "Applications",
  },
  mine: {
    method: "GET",
    path: "/api/Applications/Mine",
    response: Application,
    auth: false,
    problems: ["not_found"],
    summary: "The application the X-Application-Token header's link is for",
    tag: "Applications",
  },
  addDocuments: {
    method: "POST",
    path: "/api/Applications/Mine/Documents",
    body: AddDocumentsCommand,
    response: Application,
    auth: false,
    problems: ["not_found", "application_decided"],
    summary: "The applicant adds documents (X-Application-Token)",
    tag: "Applications",
  },
  reply: {
    method: "POST",
    path: "/api/Applications/Mine/Reply",
    body: MessageCommand,
    response: Application,
    auth: false,
    problems: ["not_found", "application_decided"],
    summary: "The applicant answers staff; the application is theirs to look at again",
    tag: "Applications",
  },
  addCredit: {
    method: "POST",
    path: "/api/Applications/Mine/Credit",
    body: AddCreditCommand,
    response: Application,
    auth: false,
    problems: ["not_found", "application_decided"],
    summary: "The applicant applies for credit after applying for the account",
    tag: "Applications",
  },
  myDocument: {
    method: "GET",
    path: "/api/Applications/Mine/Documents/:documentId",
    params: DocumentParams,
    produces: "application/octet-stream",
    auth: false,
    problems: ["not_found"],
    summary: "One of the application's documents, for the applicant (X-Application-Token)",
    tag: "Applications",
  },
  list: {
    method: "GET",
    path: "/api/Applications",
    query: z.object({ status: ApplicationStatus.optional() }),
    response: ApplicationList,
    auth: true,
    roles: STAFF,
    summary: "Staff: the tenant's applications, the oldest undecided first",
    tag: "Applications",
  },
  get: {
    method: "GET",
    path: "/api/Applications/:id",
    params: ApplicationParams,
    response: StaffApplication,
    auth: true,
    roles: STAFF,
    problems: ["not_found"],
    summary: "Staff: one application with what to approve it with",
    tag: "Applications",
  },
  document: {
    method: "GET",
    path: "/api/Applications/:id/Documents/:documentId",
    params: StaffDocumentParams,
    produces: "application/octet-stream",
    auth: true,
    roles: STAFF,
    problems: ["not_found"],
    summary: "Staff: one of an application's documents",
    tag: "Applications",
  },
  askForInformation: {
    method: "POST",
    path: "/api/Applications/:id/AskForInformation",
    params: ApplicationParams,
    body: MessageCommand,
    response: StaffApplication,
    auth: true,
    roles: STAFF,
    problems: ["not_found", "application_decided"],
    summary: "Staff: ask the applicant for more (e-mailed and sent by SMS)",
    tag: "Applications",
  },
  approve: {
    method: "POST",
    path: "/api/Applications/:id/Approve",
    params: ApplicationParams,
    body: ApproveApplicationCommand,
    response: StaffApplication,
    auth: true,
    roles: STAFF,
    problems: ["not_found", "application_decided", "service_unavailable"],
    summary: "Staff: make the customer account, send it to the back office, invite the applicant as Owner",
    tag: "Applications",
  },
  decline: {
    method: "POST",
    path: "/api/Applications/:id/Decline",
    params: ApplicationParams,
    body: DeclineApplicationCommand,
    response: StaffApplication,
    auth: true,
    roles: STAFF,
    problems: ["not_found", "application_decided"],
    summary: "Staff: decline it with the reason the applicant is told",
    tag: "Applications",
  },
} as const satisfies Record<string, ApiRoute>;
