// /quick-order: the fastest way to fill a cart. A buyer pastes lines from a
// spreadsheet or a message, uploads a CSV or Excel file, types them with a product finder, or
// scans barcodes (a USB or Bluetooth scanner anywhere on the page, or the phone's camera), and
// checks them: every line comes back with its product, price for the quantity and a status, so
// unknown codes, liquor without a licence, short stock and wrong quantities are seen and fixed
// (in the box) before anything is added. "Add to cart" then puts every good line on the cart in
// one go and says what it could not add. A reorder (?reorder={id}) fills the box with an old
// order's lines and checks them the same way, naming prices that changed since.
import { useRef } from "react";
import type { Order } from "@trade-shop/contracts/orders";
import { LoginPrompt } from "@/lib/ui/login-prompt";
import { useDocumentTitle } from "@/lib/use-document-title";
import { CheckResults } from "./check-results";
import { AddResult } from "./checked-lines";
import { LineFinder } from "./line-finder";
import { PadForm } from "./pad-form";
import { useQuickOrderPad } from "./use-quick-order-pad";

/** Under the title: an old order being reordered, or why it could not be. */
function ReorderNotice({ order, failed }: { order: Order | undefined; failed: boolean }) {
  return (
    <>
      {failed && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-danger p-3 text-sm font-semibold text-danger"
        >
          We could not load that order to reorder it. Open it from your orders and try again.
        </p>
      )}
      {order && (
        <p className="mt-3 rounded-lg border border-line bg-surface-2 p-3 text-sm">
          Reordering order {order.orderId}: its lines are in the box at today&apos;s prices. Change the packs
          or take lines out, then add them to your cart.
        </p>
      )}
    </>
  );
}

export function QuickOrderPage() {
  useDocumentTitle("Quick order");
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const addedNote = useRef<HTMLDivElement>(null);
  const pad = useQuickOrderPad({ results: resultsHeading, added: addedNote });
  if (pad.shopper === null) return <LoginPrompt what="the quick order pad" />;

  return (
    <section aria-labelledby="page-title" className="py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        Quick order
      </h1>
      <p className="mt-2 max-w-prose text-muted">
        Paste lines from a spreadsheet, a message or a WhatsApp chat as they are, one product a line: its
        code, barcode or a few words, and how many packs (6 x coke 2l). Check them, choose where asked, fix
        what is marked, and add them all to your cart at once.
      </p>
      <ReorderNotice order={pad.reorder} failed={pad.reorderFailed} />

      <div className="mt-4">
        <LineFinder
          onPick={(product, packs) => pad.putOnPad(product.skuCode, packs, "Added")}
          onCode={(code) => pad.putOnPad(code, 1, "Scanned")}
        />
      </div>

      <PadForm
        text={pad.text}
        onTextChange={pad.setText}
        readOnly={pad.adding}
        formError={pad.formError}
        scanned={pad.scanned}
        checking={pad.checking}
        onCheck={() => pad.check()}
        onUpload={(file) => void pad.upload(file)}
      />

      {pad.answer && (
        <CheckResults
          answer={pad.answer}
          earlier={pad.earlier}
          headingRef={resultsHeading}
          toAdd={pad.toAdd}
          stale={pad.stale}
          busy={pad.adding || pad.checking}
          onAddAll={pad.addAll}
          onChoose={pad.choose}
          skipped={pad.skipped}
          pricesChanged={pad.pricesChanged}
        />
      )}
      {pad.addResult && <AddResult ref={addedNote} result={pad.addResult} leftToFix={pad.leftToFix} />}
    </section>
  );
}
