// The customer account's people (docs/api.md): the caller's own role and order limit, the buyers
// and their invitations, and the owner's approval of orders over a buyer's limit.
// The front door: features and other entities import these, never the files behind them.
export {
  useAcceptInvitation,
  useAccountBuyers,
  useAccountPeople,
  useApprovalsInbox,
  useDecideOrder,
  useInvitation,
  useInviteBuyer,
  useIsAccountOwner,
  useMembership,
  useRemoveBuyer,
  useRevokeInvitation,
  useUpdateBuyer,
} from "./buyer-queries";
