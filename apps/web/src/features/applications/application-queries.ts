// Account applications over the API (contracts/applications.ts). The applicant has no login: their
// application's routes carry the secret of their status link in the X-Application-Token header,
// and the link's token is kept in this browser so /apply/status finds it again. Staff list,
// read and decide applications with their login; a document is fetched with the token that
// opens it and handed to the browser to save (apiDownload), never linked.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  APPLICATION_TOKEN_HEADER,
  applicationRoutes,
  type Application,
  type ApplicationStatus,
  type DocumentUpload,
  type StaffApplication,
  type SubmitApplicationCommand,
} from "@trade-shop/contracts/applications";
import { apiDownload, apiRequest } from "@/lib/api-client";
import { browserStorage } from "@/lib/login-storage";
import { getTenant } from "@/lib/session";
import { successToast } from "@/lib/ui/toasts";

export const APPLICATIONS_KEY = ["applications"] as const;
export const STATUS_TOKEN_KEY = "tradeshop.applicationToken";

/** The status link's token of the application sent from this browser, if any. */
export function keptStatusToken(): string | null {
  try {
    return browserStorage()?.getItem(STATUS_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export function keepStatusToken(token: string): void {
  try {
    browserStorage()?.setItem(STATUS_TOKEN_KEY, token);
  } catch {
    // Not kept: the link is in the e-mail, and in the address bar now.
  }
}

const withToken = (token: string) => ({ [APPLICATION_TOKEN_HEADER]: token });

/** E-mails a PIN to the applicant's address; resolves with its key and where it went. */
export function requestApplicationPin(email: string) {
  return apiRequest(applicationRoutes.requestPin, { body: { email } });
}

/** Sends the application. The caller keeps the status token and moves on. */
export function submitApplication(command: SubmitApplicationCommand) {
  // Offline, the page says so and sends it again later: no toast on top.
  return apiRequest(applicationRoutes.submit, { body: command, quietWhenUnreachable: true });
}

const mineKey = (token: string) => [...APPLICATIONS_KEY, "mine", token] as const;

/** The applicant's application, by their status link's token. */
export function useMyApplication(token: string) {
  return useQuery({
    queryKey: mineKey(token),
    queryFn: ({ signal }) =>
      apiRequest(applicationRoutes.mine, { headers: withToken(token), signal, quietNotFound: true }),
    enabled: token !== "",
  });
}

/** The applicant's commands: each answers with the application as it now stands. */
function useApplicantCommand<Input>(
  token: string,
  send: (input: Input, headers: Record<string, string>) => Promise<Application>,
  done: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => send(input, withToken(token)),
    onSuccess: (application) => {
      queryClient.setQueryData(mineKey(token), application);
      successToast(done);
    },
  });
}

export function useAddDocuments(token: string) {
  return useApplicantCommand(
    token,
    (documents: DocumentUpload[], headers) =>
      apiRequest(applicationRoutes.addDocuments, { body: { documents }, headers }),
    "Document sent",
  );
}

export function useReplyToStaff(token: string) {
  return useApplicantCommand(
    token,
    (text: string, headers) => apiRequest(applicationRoutes.reply, { body: { text }, headers }),
    "Reply sent",
  );
}

export function useAddCredit(token: string) {
  return useApplicantCommand(
    token,
    (credit: z.input<typeof applicationRoutes.addCredit.body>["credit"], headers) =>
      apiRequest(applicationRoutes.addCredit, { body: { credit }, headers }),
    "Credit application sent",
  );
}

/** One of the applicant's own documents, saved under the server's name. */
export function downloadMyDocument(token: string, documentId: number): Promise<void> {
  return apiDownload(applicationRoutes.myDocument, { params: { documentId }, headers: withToken(token) });
}

/** What the staff list shows: the undecided (new or waiting for the applicant), one status, or all. */
export type ApplicationFilter = ApplicationStatus | "undecided" | "all";

export const UNDECIDED: readonly ApplicationStatus[] = ["New", "More information needed"];

/** Staff: the tenant's applications, the oldest undecided first. */
export function useApplicationList(filter: ApplicationFilter) {
  const status = filter === "undecided" || filter === "all" ? undefined : filter;
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, "tenant", getTenant() ?? "", status ?? "all"],
    queryFn: ({ signal }) => apiRequest(applicationRoutes.list, { query: { status }, signal }),
    select: (list) =>
      filter === "undecided" ? list.items.filter((item) => UNDECIDED.includes(item.status)) : list.items,
  });
}

const staffKey = (id: number) => [...APPLICATIONS_KEY, "tenant", getTenant() ?? "", "one", id] as const;

/** Staff: one application with the price lists and the warehouses nearest its pin. */
export function useStaffApplication(id: number | null) {
  return useQuery({
    queryKey: staffKey(id ?? 0),
    queryFn: ({ signal }) => apiRequest(applicationRoutes.get, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

/** Staff's decisions: the answer is the application as it now stands; the list is asked again. */
function useStaffCommand<Input>(
  send: (input: Input) => Promise<StaffApplication>,
  done: (application: StaffApplication) => { title: string; description: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (application) => {
      queryClient.setQueryData(staffKey(application.id), application);
      const { title, description } = done(application);
      successToast(title, { description });
    },
    // A 409 means someone decided it meanwhile: what is shown is asked for again either way.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: APPLICATIONS_KEY }),
  });
}

export function useAskForInformation() {
  return useStaffCommand(
    ({ id, text }: { id: number; text: string }) =>
      apiRequest(applicationRoutes.askForInformation, { params: { id }, body: { text } }),
    (application) => ({
      title: "Asked for more information",
      description: `${application.business.businessName} is e-mailed and sent an SMS.`,
    }),
  );
}

export function useApproveApplication() {
  return useStaffCommand(
    ({ id, ...command }: { id: number } & z.input<typeof applicationRoutes.approve.body>) =>
      apiRequest(applicationRoutes.approve, { params: { id }, body: command }),
    (application) => ({
      title: "Application approved",
      description: `Account ${application.accountId ?? ""} is made for ${application.business.businessName}; its owner is invited by e-mail.`,
    }),
  );
}

export function useDeclineApplication() {
  return useStaffCommand(
    ({ id, reason }: { id: number; reason: string }) =>
      apiRequest(applicationRoutes.decline, { params: { id }, body: { reason } }),
    (application) => ({
      title: "Application declined",
      description: `${application.business.businessName} is told why by e-mail.`,
    }),
  );
}

/** Staff: one of an application's documents, with the login's token. */
export function downloadApplicationDocument(id: number, documentId: number): Promise<void> {
  return apiDownload(applicationRoutes.document, { params: { id, documentId } });
}
