// Choosing a product's cover among its pictures (AssignCoverImage: the pictures as shown and
// the index of the chosen one).
import { useId, useState } from "react";
import { Star } from "lucide-react";
import { buttonClass } from "@/lib/ui/button-styles";
import type { ProductImage as ProductImageData } from "@trade-shop/contracts/catalogue-images";
import { useAssignCoverImage } from "../api/staff-edits";
import { ProductImage } from "@/entities/products";

interface CoverChooserProps {
  skuCode: string;
  images: ProductImageData[];
  canEdit: boolean;
}

export function CoverChooser({ skuCode, images, canEdit }: CoverChooserProps) {
  const assign = useAssignCoverImage();
  const currentCover = images.find((image) => image.isCover)?.url ?? images[0]?.url ?? null;
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen !== null && images.some((image) => image.url === chosen) ? chosen : currentCover;
  const name = useId();

  if (images.length === 0) {
    return <p className="text-sm text-muted">This product has no pictures yet.</p>;
  }

  const setCover = () => {
    const src = images.map((image) => image.url);
    const mainImageIndex = src.indexOf(selected ?? "");
    if (mainImageIndex < 0) return;
    assign.mutate({ skuCode, src, mainImageIndex }, { onSuccess: () => setChosen(null) });
  };

  return (
    <div className="flex flex-col gap-3">
      <fieldset disabled={!canEdit || assign.isPending}>
        <legend className="mb-2 text-sm font-semibold text-fg">Cover picture</legend>
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {images.map((image, index) => {
            const isSelected = image.url === selected;
            return (
              <li key={image.url}>
                <label
                  className={`relative block cursor-pointer overflow-hidden rounded-lg border-2 bg-white has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 ${
                    isSelected ? "border-brand" : "border-line"
                  }`}
                >
                  <input
                    type="radio"
                    name={name}
                    value={image.url}
                    checked={isSelected}
                    onChange={() => setChosen(image.url)}
                    // Spelled out: the label's parts (picture, number, cover mark) read unevenly when joined.
                    aria-label={
                      image.isCover ? `Picture ${index + 1}, current cover` : `Picture ${index + 1}`
                    }
                    className="absolute left-2 top-2 size-5 accent-[var(--ts-brand-bg)]"
                  />
                  <ProductImage imageUrl={image.url} alt="" sizes="160px" widths={[96, 240]} />
                  <span
                    aria-hidden="true"
                    className="flex min-h-8 flex-wrap items-center justify-center gap-x-1.5 bg-surface px-1 text-xs font-semibold text-fg"
                  >
                    Picture {index + 1}
                    {image.isCover && (
                      <span className="inline-flex items-center gap-0.5 text-brand">
                        <Star className="size-3.5 fill-current" />
                        Cover
                      </span>
                    )}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {canEdit && (
        <button
          type="button"
          onClick={setCover}
          disabled={selected === currentCover || assign.isPending}
          className={`${buttonClass()} self-start`}
        >
          {assign.isPending ? "Setting the cover…" : "Set as cover"}
        </button>
      )}
    </div>
  );
}
