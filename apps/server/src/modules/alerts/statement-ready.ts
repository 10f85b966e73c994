// A month's statements are ready once the month is over (docs/rules.md "Alerts"): the first
// housekeeping run of a shop month (Africa/Johannesburg) queues a statement_ready event for every
// account with something to state for the month just ended: a document dated in it, or a
// balance owed either way. The month announced is kept in app_settings "statement-alerts", under
// its row's lock, so several processes announce a month once. A shop's very first run only
// records the month: it announces from the next month-end it sees, not a month it never kept.
import { sql } from "kysely";
import type { Db } from "../../db/database";
import { EVENT_TOPIC } from "./events";

const MARKER = "statement-alerts";

/** Queues the month-end statement alerts if the shop month turned since the last; how many accounts. */
export async function queueMonthStatementAlerts(db: Db, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ month: string; start: Date; end: Date }>`
      SELECT to_char(local - interval '1 month', 'YYYY-MM') AS month,
             date_trunc('month', local - interval '1 month') AT TIME ZONE 'Africa/Johannesburg' AS start,
             date_trunc('month', local) AT TIME ZONE 'Africa/Johannesburg' AS "end"
        FROM (SELECT ${now}::timestamptz AT TIME ZONE 'Africa/Johannesburg' AS local) shop`.execute(trx);
    const { month, start, end } = rows[0]!;
    // The first run records the month and announces nothing.
    const created = await sql`
      INSERT INTO app_settings (key, value) VALUES (${MARKER}, ${JSON.stringify({ month })}::jsonb)
      ON CONFLICT (key) DO NOTHING RETURNING key`.execute(trx);
    if (created.rows.length > 0) return 0;
    const marker = await sql<{ month: string }>`
      SELECT value->>'month' AS month FROM app_settings WHERE key = ${MARKER} FOR UPDATE`.execute(trx);
    // Only a later month than the last announced ("YYYY-MM" compares as text).
    if ((marker.rows[0]?.month ?? "") >= month) return 0;
    // account_documents_customer_date_idx (customer_id, document_date).
    const queued = await sql`
      INSERT INTO outbox (topic, idempotency_key, payload, ordering_key)
      SELECT ${EVENT_TOPIC}, 'alerts:statement:' || c.id || ':' || ${month}::text,
             jsonb_build_object('kind', 'statement_ready', 'customerId', c.id, 'month', ${month}::text,
                                'occurredAt', ${now}::timestamptz),
             'alerts:statement:' || c.id
        FROM customers c
       WHERE c.dc_balance_cents <> 0
          OR EXISTS (SELECT 1 FROM account_documents d
                      WHERE d.customer_id = c.id AND d.document_date >= ${start} AND d.document_date < ${end})
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING 1`.execute(trx);
    await sql`UPDATE app_settings SET value = ${JSON.stringify({ month })}::jsonb WHERE key = ${MARKER}`.execute(
      trx,
    );
    return queued.rows.length;
  });
}
