// What the applicant does with their status link until staff decide: add documents, answer
// staff, apply for credit. Each change locks the application, so none lands after a decision;
// and each puts an application that waited for more information back to staff ("New").
import type { z } from "zod";
import type { AddDocumentsCommand, Application, CreditRequest } from "@trade-shop/contracts/applications";
import type { Db } from "../../db/database";
import { checkDocuments, storeDocuments } from "./documents";
import { applicationOf, lockUndecided, storedCredit, touch, type LockedApplication } from "./records";

/** Runs a change of the applicant's in a transaction on the locked, undecided application. */
async function changeByApplicant(
  db: Db,
  applicationId: number,
  change: (trx: Db, application: LockedApplication) => Promise<void>,
): Promise<Application> {
  await db.transaction().execute(async (trx) => {
    const application = await lockUndecided(trx, applicationId);
    await change(trx, application);
    await touch(trx, application.id, "New");
  });
  return applicationOf(db, applicationId);
}

export async function addDocuments(
  db: Db,
  applicationId: number,
  command: z.infer<typeof AddDocumentsCommand>,
): Promise<Application> {
  // Read before the lock: a refused file stores nothing and holds nobody up.
  const documents = await checkDocuments(command.documents);
  return changeByApplicant(db, applicationId, (trx, application) =>
    storeDocuments(trx, application.id, documents),
  );
}

export async function replyToStaff(db: Db, applicationId: number, text: string): Promise<Application> {
  return changeByApplicant(db, applicationId, async (trx, application) => {
    await trx
      .insertInto("applicationMessages")
      .values({ applicationId: application.id, sender: "Applicant", text })
      .execute();
  });
}

/** A credit application, or a new one in place of the last, with the consent recorded now. */
export async function addCredit(db: Db, applicationId: number, credit: CreditRequest): Promise<Application> {
  return changeByApplicant(db, applicationId, async (trx, application) => {
    await trx
      .updateTable("accountApplications")
      .set({ credit: JSON.stringify(storedCredit(credit, new Date())) })
      .where("id", "=", application.id)
      .execute();
  });
}
