// Proofs of EFT payments (contracts/payments.ts): a customer sends one and sees their account's;
// staff list the tenant's, open the file, and match or reject each. The file needs the login's
// bearer token, so it is fetched and handed to the browser to save (apiDownload), never linked.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { paymentRoutes, type ProofStatus, type SubmitProofCommand } from "@trade-shop/contracts/payments";
import { apiDownload, apiRequest } from "@/lib/api-client";
import { formatRand } from "@/lib/format";
import { getTenant } from "@/lib/session";
import { successToast } from "@/lib/ui/toasts";
import { useShopper } from "@/entities/shopper";

export const PROOFS_KEY = ["payment-proofs"] as const;

/** What the staff list shows: one status, or every proof. */
export type ProofFilter = ProofStatus | "all";

export const PROOF_SENT = "Proof of payment sent: we will match it to your account within a working day.";

/** The proofs of the customer's own account (or the account a rep acts for), newest first. */
export function useAccountProofs() {
  const shopper = useShopper();
  return useQuery({
    queryKey: [...PROOFS_KEY, "account", shopper ?? ""],
    queryFn: ({ signal }) => apiRequest(paymentRoutes.proofs, { query: {}, signal }),
    enabled: shopper !== null,
    select: (list) => list.items,
  });
}

/** Staff: every proof of the tenant, or those of one status. */
export function useTenantProofs(filter: ProofFilter) {
  return useQuery({
    queryKey: [...PROOFS_KEY, "tenant", getTenant() ?? "", filter],
    queryFn: ({ signal }) =>
      apiRequest(paymentRoutes.proofs, { query: filter === "all" ? {} : { status: filter }, signal }),
    select: (list) => list.items,
  });
}

export function useSubmitProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: SubmitProofCommand) => apiRequest(paymentRoutes.submitProof, { body: command }),
    onSuccess: () => {
      successToast(PROOF_SENT);
      void queryClient.invalidateQueries({ queryKey: PROOFS_KEY });
    },
  });
}

export function useMatchProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(paymentRoutes.matchProof, { params: { id } }),
    onSuccess: (proof) =>
      successToast("Proof matched", {
        description: `${formatRand(proof.amount)} is on account ${proof.accountId}'s ledger as payment ${proof.paymentReference ?? ""}.`,
      }),
    // On success the proof moves to Matched; a 409 means the list was out of date.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: PROOFS_KEY }),
  });
}

export function useRejectProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiRequest(paymentRoutes.rejectProof, { params: { id }, body: { reason } }),
    onSuccess: (proof) =>
      successToast("Proof rejected", {
        description: `Account ${proof.accountId} is told why by e-mail.`,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: PROOFS_KEY }),
  });
}

/** The proof's file, saved by the browser under the name the server gives it. */
export function downloadProofFile(id: number): Promise<void> {
  return apiDownload(paymentRoutes.proofFile, { params: { id } });
}
