// A cart or wishlist line's small picture; the line's name sits beside it, so it is
// decorative. A product without a picture gets a plain tile with an icon.
import { ImageOff } from "lucide-react";
import { ProductImage } from "@/entities/products";

const SIZES = { sm: "size-12", md: "size-16 sm:size-20" } as const;

export function LineImage({ imageUrl, size = "sm" }: { imageUrl: string | null; size?: keyof typeof SIZES }) {
  return (
    <div className={`${SIZES[size]} shrink-0 overflow-hidden rounded-lg border border-line bg-white`}>
      {imageUrl ? (
        <ProductImage imageUrl={imageUrl} alt="" sizes={size === "sm" ? "48px" : "80px"} widths={[96, 240]} />
      ) : (
        <div className="grid size-full place-items-center bg-surface-2 text-muted">
          <ImageOff aria-hidden="true" className="size-5" />
        </div>
      )}
    </div>
  );
}
