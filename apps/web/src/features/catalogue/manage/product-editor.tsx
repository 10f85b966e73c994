// The editor beside the work list: one product's pictures (and which is the cover), new
// pictures to add, and its description. Staff edit; a NoImage-only user sees the same, read only.
import { useEffect, useRef } from "react";
import { Link, useNavigationType } from "react-router";
import { ExternalLink, X } from "lucide-react";
import { ApiError } from "@/lib/api-client";
import { useProductImages } from "../api/get-product-images";
import { useProduct } from "../api/get-product";
import { LoadFailed } from "@/lib/ui/load-failed";
import { CatalogueChangeList, SharedCatalogueNotice } from "@/entities/catalogue-changes";
import { productPath } from "@/entities/products";
import { CoverChooser } from "./cover-chooser";
import { DescriptionForm } from "./description-form";
import { ImageUploader } from "./image-uploader";

interface ProductEditorProps {
  skuCode: string;
  canEdit: boolean;
  closeHref: string;
}

const part = "flex flex-col gap-3 border-t border-line pt-4";
const partTitle = "text-base font-bold text-fg";

export function ProductEditor({ skuCode, canEdit, closeHref }: ProductEditorProps) {
  const product = useProduct(skuCode);
  const images = useProductImages(skuCode);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = product.isSuccess;
  const navigation = useNavigationType();

  // Choosing a product in the list moves focus to it, so keyboard and screen-reader users land
  // in the editor; a page opened from its address starts at the top as usual.
  useEffect(() => {
    if (loaded && navigation === "PUSH") heading.current?.focus();
  }, [skuCode, loaded, navigation]);

  let body;
  if (product.isPending) {
    body = (
      <div
        role="status"
        aria-label="Loading the product"
        className="h-64 animate-pulse rounded-lg bg-surface-2"
      />
    );
  } else if (product.isError) {
    body =
      product.error instanceof ApiError && product.error.status === 404 ? (
        <p className="text-muted">No product has the code {skuCode}.</p>
      ) : (
        <LoadFailed
          variant="page"
          message="We could not load this product"
          error={product.error}
          onRetry={() => void product.refetch()}
        />
      );
  } else {
    const p = product.data;
    const hasImages = (images.data?.images.length ?? 0) > 0;
    body = (
      <>
        <div className="pr-10">
          <h2 ref={heading} tabIndex={-1} className="text-xl font-bold leading-snug text-fg">
            {p.skuDescription}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {p.skuCode} · {[p.skuCategory, p.skuSubCategory, p.skuSubCategory2].filter(Boolean).join(" › ")}
          </p>
          <Link
            to={productPath(p.skuCode)}
            className="mt-1 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand underline-offset-4 hover:underline"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            View the product page
          </Link>
          {hasImages && (
            <p
              role="status"
              className="mt-2 rounded-lg bg-brand-soft px-3 py-2 text-sm font-semibold text-brand"
            >
              This product has a picture, so it is not on the work list.
            </p>
          )}
          {canEdit && (
            <div className="mt-2">
              <SharedCatalogueNotice what="Pictures and descriptions" />
            </div>
          )}
          {!canEdit && (
            <p className="mt-2 rounded-lg bg-surface-2 px-3 py-2 text-sm text-fg">
              You can see this list but not change products. Ask an administrator for the Staff role to edit.
            </p>
          )}
        </div>

        <section aria-labelledby="editor-pictures" className={part}>
          <h3 id="editor-pictures" className={partTitle}>
            Pictures
          </h3>
          {images.isPending ? (
            <div className="h-24 animate-pulse rounded-lg bg-surface-2" />
          ) : images.isError ? (
            <LoadFailed
              variant="page"
              message="We could not load the pictures"
              error={images.error}
              onRetry={() => void images.refetch()}
            />
          ) : (
            <CoverChooser skuCode={p.skuCode} images={images.data.images} canEdit={canEdit} />
          )}
        </section>

        {canEdit && (
          <section aria-labelledby="editor-upload" className={part}>
            <h3 id="editor-upload" className={partTitle}>
              Add pictures
            </h3>
            <ImageUploader key={p.skuCode} skuCode={p.skuCode} />
          </section>
        )}

        {canEdit && (
          <section aria-labelledby="editor-description" className={part}>
            <h3 id="editor-description" className={partTitle}>
              Description
            </h3>
            <DescriptionForm
              key={`${p.skuCode}:${p.skuDescription}`}
              skuCode={p.skuCode}
              description={p.skuDescription}
            />
          </section>
        )}

        {canEdit && (
          <div className={part}>
            <CatalogueChangeList
              title="Changes to this product"
              query={{ skuCode: p.skuCode }}
              empty="No one has changed this product in the shop yet."
            />
          </div>
        )}
      </>
    );
  }

  return (
    <section
      aria-label="Edit product"
      className="relative flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <Link
        to={closeHref}
        aria-label="Close the editor"
        className="absolute right-2 top-2 inline-flex size-11 items-center justify-center rounded-lg text-muted hover:bg-surface-2"
      >
        <X aria-hidden="true" className="size-5" />
      </Link>
      {body}
    </section>
  );
}
