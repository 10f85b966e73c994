// Messaging: what the shop sends people, e-mail and SMS, queued in the sender's transaction and
// delivered by the outbox worker; in demo mode, the mailbox page of what was sent. Owns the
// outbox topics "messaging.email" and "messaging.sms" and sent_messages. Offers queueing a
// message (and asking whether a kind can be sent), and the topics' handlers for the outbox
// worker (docs/architecture.md).
export { mailboxRoutes } from "./mailbox-routes";
export { assertCanSend, canSend, emailToQueue, queueEmail, queueSms } from "./outgoing";
export { messagingHandlers } from "./delivery";
