import { CircleAlert, CircleCheck, PackageX } from "lucide-react";
import { stockStatus, type StockLevel } from "./product-labels";

const LOOK: Record<StockLevel, { className: string; Icon: typeof CircleCheck }> = {
  in: { className: "text-brand", Icon: CircleCheck },
  low: { className: "text-[#8a4b00] dark:text-[#ffc46b]", Icon: CircleAlert },
  out: { className: "text-danger", Icon: PackageX },
};

export function StockStatus({ stockOnHand, className = "" }: { stockOnHand: number; className?: string }) {
  const { level, text } = stockStatus(stockOnHand);
  const { className: colour, Icon } = LOOK[level];
  return (
    <p className={`flex items-center gap-1.5 text-sm font-semibold ${colour} ${className}`}>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {text}
    </p>
  );
}
