// A product's pictures: the chosen one large, the others as thumbnails to pick from (the
// server lists the cover first).
import { useState } from "react";
import { ProductImage } from "@/entities/products";

interface ProductGalleryProps {
  imageUrls: string[];
  description: string;
}

export function ProductGallery({ imageUrls, description }: ProductGalleryProps) {
  const [chosen, setChosen] = useState(0);
  const index = Math.min(chosen, Math.max(0, imageUrls.length - 1));
  const count = imageUrls.length;

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-xl border border-line bg-white">
        <ProductImage
          imageUrl={imageUrls[index] ?? null}
          alt={count > 1 ? `${description}, picture ${index + 1} of ${count}` : description}
          sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
          widths={[240, 480, 800]}
          loading="eager"
        />
      </div>
      {count > 1 && (
        <ul aria-label="Pictures" className="flex flex-wrap gap-2">
          {imageUrls.map((url, i) => (
            <li key={url}>
              <button
                type="button"
                aria-label={`Show picture ${i + 1} of ${count}`}
                aria-pressed={i === index}
                onClick={() => setChosen(i)}
                className={`block size-16 overflow-hidden rounded-lg border-2 bg-white sm:size-20 ${
                  i === index ? "border-brand" : "border-line hover:border-muted"
                }`}
              >
                <ProductImage imageUrl={url} alt="" sizes="80px" widths={[96, 240]} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
