// A product picture: WebP at the size the layout needs (srcset + sizes) with a JPEG fallback,
// lazy unless it is the first thing on the page. A product without a picture gets a plain tile.
// With the data saver on, no candidate is wider than 240 px, whatever the screen's density.
import { ImageOff } from "lucide-react";
import { useDataSaver } from "@/lib/data-saver";
import { IMAGE_WIDTHS, productImageSources, type ImageWidth } from "./product-image-sources";

/** The widest picture the data saver lets a page load. */
export const DATA_SAVER_MAX_WIDTH = 240;

interface ProductImageProps {
  imageUrl: string | null;
  /** Empty when the product's name is right beside the picture. */
  alt: string;
  /** The <img sizes> of the slot the picture fills. */
  sizes: string;
  widths?: readonly ImageWidth[];
  loading?: "lazy" | "eager";
  className?: string;
}

/** Stored pictures are square; the intrinsic size lets the browser reserve the space. */
const INTRINSIC = 600;

export function ProductImage({
  imageUrl,
  alt,
  sizes,
  widths = IMAGE_WIDTHS,
  loading = "lazy",
  className = "",
}: ProductImageProps) {
  const dataSaver = useDataSaver();
  if (!imageUrl) {
    return (
      <div
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        className={`grid aspect-square w-full place-items-center bg-surface-2 text-muted ${className}`}
      >
        <span className="flex flex-col items-center gap-1 text-xs" aria-hidden="true">
          <ImageOff className="size-6" />
          No image yet
        </span>
      </div>
    );
  }
  const allowed = dataSaver ? widths.filter((w) => w <= DATA_SAVER_MAX_WIDTH) : widths;
  const sources = productImageSources(
    imageUrl,
    allowed.length > 0 ? allowed : [IMAGE_WIDTHS[0]],
    dataSaver ? DATA_SAVER_MAX_WIDTH : undefined,
  );
  return (
    <picture>
      {sources.webpSrcSet && <source type="image/webp" srcSet={sources.webpSrcSet} sizes={sizes} />}
      <img
        src={sources.src}
        srcSet={sources.fallbackSrcSet ?? undefined}
        sizes={sources.fallbackSrcSet ? sizes : undefined}
        alt={alt}
        width={INTRINSIC}
        height={INTRINSIC}
        loading={loading}
        decoding="async"
        className={`aspect-square w-full bg-white object-contain ${className}`}
      />
    </picture>
  );
}
