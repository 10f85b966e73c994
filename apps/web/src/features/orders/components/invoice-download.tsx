// "Download tax invoice" on an invoiced order's details: the back office's invoice as a PDF
// (GET /api/Order/Invoice/{id}), saved under its invoice number.
import { useState } from "react";
import { FileDown } from "lucide-react";
import { statementRoutes } from "@trade-shop/contracts/statements";
import { apiDownload } from "@/lib/api-client";
import { buttonClass } from "@/lib/ui/button-styles";

export function InvoiceDownload({ orderId, invoiceNumber }: { orderId: number; invoiceNumber: string }) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    apiDownload(statementRoutes.invoicePdf, { params: { id: orderId } })
      .catch(() => undefined) // the API client has shown why
      .finally(() => setBusy(false));
  };
  return (
    <button type="button" className={buttonClass("secondary")} onClick={download} disabled={busy}>
      <FileDown aria-hidden="true" className="size-4" />
      {busy ? "Preparing PDF…" : `Download tax invoice ${invoiceNumber}`}
    </button>
  );
}
