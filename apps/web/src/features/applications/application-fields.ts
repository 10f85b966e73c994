// The application form's fields and the contract's commands (contracts/applications.ts). The shop's
// forms are flat (lib/forms: one level of names), the commands nested ("business.address.city"),
// so each form field is named once here with the contract path it fills. The same table places
// the contract's own messages, checked in the browser, and the server's field errors (whose
// names are those paths) under the fields they are about.
import { z } from "zod";
import {
  AddCreditCommand,
  AddDocumentsCommand,
  SubmitApplicationCommand,
  type DocumentKind,
} from "@trade-shop/contracts/applications";
import { ApiError } from "@/lib/api-client";
import { blankToUndefined } from "@/lib/forms/contract-resolver";

/** The documents the form asks for, in the order they are sent. */
export const DOCUMENT_ORDER = ["id", "proof_of_address", "company_registration", "liquor_licence"] as const;

/** A document's three form fields: the data URL, the file's name, and why the chosen file cannot go. */
export const DOCUMENT_FIELDS = {
  id: { file: "idDocument", fileName: "idDocumentName", problem: "idDocumentProblem" },
  proof_of_address: {
    file: "addressDocument",
    fileName: "addressDocumentName",
    problem: "addressDocumentProblem",
  },
  company_registration: {
    file: "companyDocument",
    fileName: "companyDocumentName",
    problem: "companyDocumentProblem",
  },
  liquor_licence: {
    file: "licenceDocument",
    fileName: "licenceDocumentName",
    problem: "licenceDocumentProblem",
  },
} as const satisfies Record<DocumentKind, { file: string; fileName: string; problem: string }>;

type DocumentFieldName = (typeof DOCUMENT_FIELDS)[DocumentKind][keyof (typeof DOCUMENT_FIELDS)[DocumentKind]];
export type DocumentValues = Record<DocumentFieldName, string>;

/** The most trade references a credit application takes. */
export const MAX_REFERENCES = 3;
export const REFERENCE_FIELDS = [
  { name: "reference1Name", phone: "reference1Phone" },
  { name: "reference2Name", phone: "reference2Phone" },
  { name: "reference3Name", phone: "reference3Phone" },
] as const;

/** A credit application as typed (also the "Apply for credit" form of the status page). */
export interface CreditValues {
  requestedLimit: string;
  bankName: string;
  accountHolder: string;
  reference1Name: string;
  reference1Phone: string;
  reference2Name: string;
  reference2Phone: string;
  reference3Name: string;
  reference3Phone: string;
  consent: boolean;
}

export interface ApplicationValues extends CreditValues, DocumentValues {
  businessName: string;
  tradingName: string;
  kind: string;
  contactName: string;
  mobile: string;
  email: string;
  line1: string;
  line2: string;
  suburb: string;
  city: string;
  province: string;
  postalCode: string;
  latitude: string;
  longitude: string;
  deliveryDay: string;
  vatNumber: string;
  companyRegistration: string;
  sellsLiquor: boolean;
  licenceNumber: string;
  licenceExpiresOn: string;
  wantsCredit: boolean;
  pin: string;
}

export const EMPTY_CREDIT: CreditValues = {
  requestedLimit: "",
  bankName: "",
  accountHolder: "",
  reference1Name: "",
  reference1Phone: "",
  reference2Name: "",
  reference2Phone: "",
  reference3Name: "",
  reference3Phone: "",
  consent: false,
};

const EMPTY_DOCUMENTS = Object.fromEntries(
  Object.values(DOCUMENT_FIELDS).flatMap((fields) => Object.values(fields).map((name) => [name, ""])),
) as DocumentValues;

export const EMPTY_APPLICATION: ApplicationValues = {
  businessName: "",
  tradingName: "",
  kind: "",
  contactName: "",
  mobile: "",
  email: "",
  line1: "",
  line2: "",
  suburb: "",
  city: "",
  province: "",
  postalCode: "",
  latitude: "",
  longitude: "",
  deliveryDay: "",
  vatNumber: "",
  companyRegistration: "",
  sellsLiquor: false,
  licenceNumber: "",
  licenceExpiresOn: "",
  wantsCredit: false,
  ...EMPTY_CREDIT,
  ...EMPTY_DOCUMENTS,
  pin: "",
};

/** Contract path -> form field, for everything but the documents (placed by their order). */
const FIELD_OF_PATH: Record<string, string> = {
  "business.businessName": "businessName",
  "business.tradingName": "tradingName",
  "business.kind": "kind",
  "business.contactName": "contactName",
  "business.mobile": "mobile",
  "business.email": "email",
  "business.address.line1": "line1",
  "business.address.line2": "line2",
  "business.address.suburb": "suburb",
  "business.address.city": "city",
  "business.address.province": "province",
  "business.address.postalCode": "postalCode",
  "business.latitude": "latitude",
  "business.longitude": "longitude",
  "business.deliveryDay": "deliveryDay",
  "business.vatNumber": "vatNumber",
  "business.companyRegistration": "companyRegistration",
  "business.liquorLicence": "licenceNumber",
  "business.liquorLicence.number": "licenceNumber",
  "business.liquorLicence.expiresOn": "licenceExpiresOn",
  credit: "requestedLimit",
  "credit.requestedLimit": "requestedLimit",
  "credit.bankName": "bankName",
  "credit.accountHolder": "accountHolder",
  "credit.tradeReferences": "reference1Name",
  "credit.consent": "consent",
  ...Object.fromEntries(
    REFERENCE_FIELDS.flatMap((fields, index) => [
      [`credit.tradeReferences.${index}.name`, fields.name],
      [`credit.tradeReferences.${index}.phone`, fields.phone],
    ]),
  ),
  pin: "pin",
  pinKey: "pin",
};

/** What a field left empty is told where the contract's own message would be about types ("expected number"). */
const WHEN_EMPTY: Record<string, string> = {
  kind: "Choose the kind of business",
  province: "Choose the province",
  deliveryDay: "Choose the day the truck should come",
  latitude: "Tap “Use my location” at the shop, or type the latitude",
  longitude: "Tap “Use my location” at the shop, or type the longitude",
  licenceExpiresOn: "Enter the date the licence expires",
  pin: "Tap “Send me a PIN”, then enter the PIN we e-mail you",
};

const NOT_A_NUMBER: Record<string, string> = {
  latitude: "Type the latitude as a number, e.g. -26.2041",
  longitude: "Type the longitude as a number, e.g. 28.0473",
};

/** The documents chosen, in DOCUMENT_ORDER (a liquor licence only for liquor): what `documents.N` is. */
export function chosenDocuments(values: Partial<ApplicationValues>): DocumentKind[] {
  return DOCUMENT_ORDER.filter(
    (kind) =>
      (kind !== "liquor_licence" || values.sellsLiquor === true) &&
      (values[DOCUMENT_FIELDS[kind].file] ?? "") !== "",
  );
}

/** The form field a contract path (a zod issue's, or a server field error's name) belongs to. */
export function fieldOfPath(path: string, values: Partial<ApplicationValues>): string | null {
  const document = /^documents\.(\d+)/.exec(path);
  if (document) {
    const kind = chosenDocuments(values)[Number(document[1])];
    return kind ? DOCUMENT_FIELDS[kind].file : null;
  }
  if (path === "documents") return DOCUMENT_FIELDS.id.file;
  return FIELD_OF_PATH[path] ?? null;
}

/**
 * Server field name -> form field, for <Form problemFields>. A document's errors are named by
 * its place in the list sent ("documents.1.file"): documentProblemsPlaced renames them first.
 * One about the documents as a whole ("documents": too many, the licence's missing) has no one
 * field, so it shows above the form's button.
 */
export const PROBLEM_FIELDS: Readonly<Record<string, string>> = {
  ...FIELD_OF_PATH,
  ...Object.fromEntries(Object.values(DOCUMENT_FIELDS).map((fields) => [fields.file, fields.file])),
};

/**
 * `error` with its documents' field errors ("documents.N.…") named by the form field of the
 * document sent N-th, `sent` being the kinds in the order they went.
 */
export function documentProblemsPlaced(error: unknown, sent: readonly DocumentKind[]): unknown {
  if (!(error instanceof ApiError) || !error.problem?.errors) return error;
  const errors = Object.fromEntries(
    Object.entries(error.problem.errors).map(([name, messages]) => {
      const kind = sent[Number(/^documents\.(\d+)/.exec(name)?.[1] ?? NaN)];
      return [kind ? DOCUMENT_FIELDS[kind].file : name, messages];
    }),
  );
  return new ApiError(error.status, error.message, { ...error.problem, errors });
}

/** "1 234,50", "R5000" as rand; what is not an amount goes on as typed, for the contract to refuse. */
export function randOf(text: string): unknown {
  const cleaned = text.replace(/\s/g, "").replace(/^R/i, "").replace(",", ".");
  if (cleaned === "") return undefined;
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : text;
}

function toCoordinate(text: string): number | undefined {
  const cleaned = text.trim().replace(",", ".");
  return cleaned === "" || Number.isNaN(Number(cleaned)) ? undefined : Number(cleaned);
}

/** The credit application in the contract's shape: the references typed (a blank row is left out). */
export function creditOf(values: CreditValues) {
  return {
    requestedLimit: randOf(values.requestedLimit),
    bankName: values.bankName,
    accountHolder: values.accountHolder,
    tradeReferences: REFERENCE_FIELDS.map((fields) => ({
      name: values[fields.name],
      phone: values[fields.phone],
    })).filter((reference) => reference.name.trim() !== "" || reference.phone.trim() !== ""),
    consent: values.consent,
  };
}

/** The documents chosen, as the contract sends them. */
export function documentsOf(values: Partial<ApplicationValues>) {
  return chosenDocuments(values).map((kind) => ({
    kind,
    fileName: values[DOCUMENT_FIELDS[kind].fileName] ?? "",
    file: values[DOCUMENT_FIELDS[kind].file] ?? "",
  }));
}

/** Why a chosen file cannot go (too large, unreadable): checked beside the contract's schema. */
export function documentProblems(values: Partial<ApplicationValues>): Record<string, string> {
  return Object.fromEntries(
    Object.values(DOCUMENT_FIELDS)
      .map((fields) => [fields.problem, values[fields.problem] ?? ""])
      .filter(([, problem]) => problem !== ""),
  );
}

/** The form's values as SubmitApplicationCommand, with the PIN's key from "Send me a PIN". */
export function applicationOf(values: ApplicationValues, pinKey: string) {
  return {
    business: {
      businessName: values.businessName,
      tradingName: blankToUndefined(values.tradingName),
      kind: blankToUndefined(values.kind),
      contactName: values.contactName,
      mobile: values.mobile,
      email: values.email,
      address: {
        line1: values.line1,
        line2: blankToUndefined(values.line2),
        suburb: blankToUndefined(values.suburb),
        city: values.city,
        province: blankToUndefined(values.province),
        postalCode: values.postalCode,
      },
      latitude: toCoordinate(values.latitude),
      longitude: toCoordinate(values.longitude),
      deliveryDay: blankToUndefined(values.deliveryDay),
      vatNumber: blankToUndefined(values.vatNumber),
      companyRegistration: blankToUndefined(values.companyRegistration),
      liquorLicence: values.sellsLiquor
        ? { number: values.licenceNumber, expiresOn: blankToUndefined(values.licenceExpiresOn) }
        : null,
    },
    credit: values.wantsCredit ? creditOf(values) : null,
    documents: documentsOf(values),
    pinKey,
    pin: values.pin,
  };
}

function messageFor(path: string, field: string, message: string, values: object): string {
  const typed: unknown = Object.entries(values).find(([name]) => name === field)?.[1];
  if (typeof typed === "string" && typed.trim() === "" && WHEN_EMPTY[field]) return WHEN_EMPTY[field];
  // No PIN asked for yet: the contract's pinKey is not something the applicant types.
  if (path === "pinKey") return WHEN_EMPTY.pin!;
  if (NOT_A_NUMBER[field] && typeof typed === "string" && toCoordinate(typed) === undefined)
    return NOT_A_NUMBER[field];
  return message;
}

/**
 * A schema over the flat form that checks the nested command with the contract's schema and puts
 * each issue on the form field it is about; its output is the command, ready to send.
 */
function flatOver<Values extends Partial<ApplicationValues>, Command>(
  command: z.ZodType<Command>,
  toCommand: (values: Values) => unknown,
  fallbackField: string,
  extraIssues: (values: Values) => Record<string, string> = () => ({}),
): z.ZodType<Command> {
  return z.custom<Values>().transform((values, context) => {
    const result = command.safeParse(toCommand(values));
    const issues = Object.entries(extraIssues(values)).map(([field, message]) => ({ field, message }));
    for (const issue of result.success ? [] : result.error.issues) {
      const path = issue.path.join(".");
      const field = fieldOfPath(path, values) ?? fallbackField;
      issues.push({ field, message: messageFor(path, field, issue.message, values) });
    }
    if (issues.length === 0 && result.success) return result.data;
    for (const { field, message } of issues) context.addIssue({ code: "custom", message, path: [field] });
    return z.NEVER;
  }) as unknown as z.ZodType<Command>;
}

/** The licence's file is wanted with its number (the contract keeps it among the documents). */
export const LICENCE_FILE_MISSING = "Choose the licence's file: a PDF or a photo of it";

/** The application form as it is checked: its values and the key of the PIN asked for. */
export type ApplicationCheck = ApplicationValues & { pinKey: string };

/** The application form, as one check: the values in, SubmitApplicationCommand out. */
export const ApplicationForm = flatOver<ApplicationCheck, z.output<typeof SubmitApplicationCommand>>(
  SubmitApplicationCommand,
  (values) => applicationOf(values, values.pinKey),
  "businessName",
  (values) => ({
    ...documentProblems(values),
    ...(values.sellsLiquor && values.licenceDocument === "" && values.licenceDocumentProblem === ""
      ? { licenceDocument: LICENCE_FILE_MISSING }
      : {}),
  }),
);

/** "Add documents" on the status page: any of the four kinds, AddDocumentsCommand out. */
export type AddDocumentsValues = DocumentValues & { sellsLiquor: true };
export const AddDocumentsForm = flatOver<AddDocumentsValues, z.output<typeof AddDocumentsCommand>>(
  AddDocumentsCommand,
  (values) => ({ documents: documentsOf(values) }),
  DOCUMENT_FIELDS.id.file,
  documentProblems,
);

/** "Apply for credit" after applying: AddCreditCommand out. */
export const AddCreditForm = flatOver<
  CreditValues & Partial<ApplicationValues>,
  z.output<typeof AddCreditCommand>
>(AddCreditCommand, (values) => ({ credit: creditOf(values) }), "requestedLimit");

/** The fields of the form that are typed rather than chosen as files: what a draft keeps. */
export const DRAFT_FIELDS = (Object.keys(EMPTY_APPLICATION) as (keyof ApplicationValues)[]).filter(
  (name) =>
    !(Object.values(DOCUMENT_FIELDS) as { [part: string]: string }[]).some((fields) =>
      Object.values(fields).includes(name),
    ) && name !== "pin",
);
