import { FileDown, Headset } from "lucide-react";
import { Link } from "react-router";
import { appRoutes } from "@trade-shop/contracts/routes";
import { buttonClass } from "@/lib/ui/button-styles";
import { useDocumentTitle } from "@/lib/use-document-title";
import { LegalDocumentView } from "./legal-document-view";
import { shopDetails } from "./shop-details";
import { tradeTerms } from "./trade-terms";

export function TermsAndConditionsPage() {
  useDocumentTitle("Terms & Conditions");
  return (
    <LegalDocumentView
      document={tradeTerms}
      actions={
        <>
          <a href={shopDetails.termsPdf} target="_blank" rel="noopener" className={buttonClass()}>
            <FileDown aria-hidden="true" className="size-4" />
            Download as PDF
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <Link to={appRoutes.contact} className={buttonClass("secondary")}>
            <Headset aria-hidden="true" className="size-4" />
            Ask us a question
          </Link>
        </>
      }
    />
  );
}
