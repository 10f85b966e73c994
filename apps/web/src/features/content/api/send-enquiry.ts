// POST /api/Users/UserEnquiry (docs/api.md): the contact form's message to sales support.
import { useMutation } from "@tanstack/react-query";
import { userRoutes } from "@trade-shop/contracts/identity";
import type { UserEnquiry } from "@trade-shop/contracts/content";
import { apiRequest } from "@/lib/api-client";

export function sendEnquiry(enquiry: UserEnquiry) {
  return apiRequest(userRoutes.enquiry, { body: enquiry });
}

/** Failures need no handling here: the API client has already said why in an error toast. */
export function useSendEnquiry() {
  return useMutation({ mutationFn: sendEnquiry });
}
