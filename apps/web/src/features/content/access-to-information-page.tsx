import { FileText, Mail } from "lucide-react";
import { Link } from "react-router";
import { appRoutes } from "@trade-shop/contracts/routes";
import { buttonClass } from "@/lib/ui/button-styles";
import { useDocumentTitle } from "@/lib/use-document-title";
import { LegalDocumentView } from "./legal-document-view";
import { paiaManual } from "./paia-manual";
import { shopDetails } from "./shop-details";

export function AccessToInformationPage() {
  useDocumentTitle("Access to Information");
  const subject = encodeURIComponent("PAIA request");
  return (
    <LegalDocumentView
      document={paiaManual}
      actions={
        <>
          <a href={`mailto:${shopDetails.privacyEmail}?subject=${subject}`} className={buttonClass()}>
            <Mail aria-hidden="true" className="size-4" />
            E-mail the Information Officer
          </a>
          <Link to={appRoutes.termsAndConditions} className={buttonClass("secondary")}>
            <FileText aria-hidden="true" className="size-4" />
            Terms &amp; Conditions
          </Link>
        </>
      }
    />
  );
}
