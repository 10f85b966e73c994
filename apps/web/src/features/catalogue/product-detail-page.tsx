// A product's own page (/products/{skuCode}), shareable: pictures, prices and ordering as on
// its card, and everything the pack says about it.
import { Suspense, lazy, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { Pencil } from "lucide-react";
import { appRoutes, DEFAULT_LANDING } from "@trade-shop/contracts/routes";
import { ApiError } from "@/lib/api-client";
import { hasRole, useSession, type Session } from "@/lib/session";
import { shopperOf, useProductStanding } from "@/entities/shopper";
import { buttonClass } from "@/lib/ui/button-styles";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useProductImages } from "./api/get-product-images";
import { useProduct } from "./api/get-product";
import { LoadFailed } from "@/lib/ui/load-failed";
import { BuyBar } from "./components/buy-bar";
import { OrderControls } from "./components/order-controls";
import { PriceBlock } from "./components/price-block";
import { ProductBadges } from "./components/product-badges";
import { ProductGallery } from "./components/product-gallery";
import { ProductTrailNav } from "./components/product-trail-nav";
import { packText, StockStatus, stockWarehouseNote } from "@/entities/products";
import { parseQuantity } from "@/lib/quantity";
import { categoryChanges, productsHref } from "./products-query";
import { productTrail } from "./product-trail";

/** Everything the pack says, below the buying controls: its code loads beside the product's data. */
const ProductInformation = lazy(() =>
  import("./components/product-information").then((module) => ({ default: module.ProductInformation })),
);

function DetailSkeleton() {
  const bar = "animate-pulse rounded bg-surface-2";
  return (
    <div role="status" aria-label="Loading product" className="grid gap-6 pt-6 md:grid-cols-2 lg:gap-10">
      <div className={`${bar} aspect-square w-full rounded-xl`} />
      <div className="flex flex-col gap-3">
        <div className={`${bar} h-8 w-11/12`} />
        <div className={`${bar} h-4 w-1/2`} />
        <div className={`${bar} h-20 w-full`} />
        <div className={`${bar} h-11 w-full`} />
      </div>
    </div>
  );
}

function ProductNotFound({ skuCode }: { skuCode: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-3 py-12 text-center">
      <h1 className="text-2xl font-bold text-fg">We could not find that product</h1>
      <p className="text-muted">
        No product has the code <strong className="text-fg">{skuCode}</strong>. It may have been taken out of
        the catalogue.
      </p>
      <Link to={DEFAULT_LANDING} className={buttonClass()}>
        Browse all products
      </Link>
    </div>
  );
}

/** Whose stock rule the page explains: a customer's own warehouse, or the one visitors see. */
function viewerOf(session: Session | null): "customer" | "visitor" | "staff" {
  if (!session) return "visitor";
  // A rep ordering for an account sees that customer's warehouse (decision 127).
  return shopperOf(session) !== null ? "customer" : "staff";
}

export function ProductDetailPage() {
  const { skuCode = "" } = useParams();
  const product = useProduct(skuCode);
  const images = useProductImages(skuCode);
  const session = useSession();
  // Once the product is in the cart, the controls change the cart's packs, and the price follows
  // them. Read by the product's own code, which the address may spell otherwise.
  const packsInCart = useProductStanding(product.data?.skuCode ?? skuCode).inCart;
  const [quantityText, setQuantityText] = useState("1");
  const controls = useRef<HTMLDivElement>(null);
  useDocumentTitle(product.data?.skuDescription ?? "Product");

  if (product.isPending) return <DetailSkeleton />;
  if (product.isError) {
    if (product.error instanceof ApiError && product.error.status === 404)
      return <ProductNotFound skuCode={skuCode} />;
    return (
      <LoadFailed
        variant="page"
        message="We could not load this product"
        error={product.error}
        onRetry={() => void product.refetch()}
      />
    );
  }

  const p = product.data;
  const parsed = parseQuantity(quantityText);
  const quantity = packsInCart > 0 ? packsInCart : parsed.ok ? parsed.quantity : null;
  const imageUrls = images.data?.images.map((image) => image.url) ?? (p.imageUrl ? [p.imageUrl] : []);
  const canEdit = hasRole(session, "Staff") || hasRole(session, "Admin");
  const categoryPath = [p.skuCategory, p.skuSubCategory, p.skuSubCategory2, p.skuSubCategory3].filter(
    (level): level is string => Boolean(level),
  );

  return (
    <div className="pb-4">
      <ProductTrailNav items={productTrail(p)} />
      <div className="mt-2 grid gap-6 md:grid-cols-2 lg:gap-10">
        {/* On a phone a smaller picture, so the price and Add to cart come sooner. */}
        <div className="mx-auto w-full max-w-56 md:max-w-none">
          <ProductGallery key={p.skuCode} imageUrls={imageUrls} description={p.skuDescription} />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <ProductBadges product={p} />
          <div>
            <h1 className="text-2xl font-bold leading-tight tracking-tight text-fg sm:text-3xl">
              {p.skuDescription}
            </h1>
            <p className="mt-2 text-sm text-muted">
              <Link
                to={productsHref(new URLSearchParams(), {
                  ...categoryChanges(categoryPath),
                  brand: p.skuBrand,
                })}
                className="font-semibold text-brand underline-offset-4 hover:underline"
              >
                {p.skuBrand}
              </Link>{" "}
              · Code {p.skuCode}
            </p>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Pack</dt>
            <dd className="font-semibold text-fg">{packText(p)}</dd>
            {p.rtCategory && (
              <>
                <dt className="text-muted">Range</dt>
                <dd className="text-fg">{p.rtCategory}</dd>
              </>
            )}
          </dl>
          <div>
            <StockStatus stockOnHand={p.stockOnHand} />
            <p className="mt-0.5 text-xs text-muted">
              {stockWarehouseNote(p.stockingWarehouseCode, viewerOf(session))}
            </p>
          </div>
          <PriceBlock product={p} quantity={quantity} size="page" />
          <div ref={controls}>
            <OrderControls product={p} quantityText={quantityText} onQuantityChange={setQuantityText} />
          </div>
          {canEdit && (
            <Link
              to={`${appRoutes.manage}?${new URLSearchParams({ sku: p.skuCode })}`}
              className={`${buttonClass("secondary")} self-start`}
            >
              <Pencil aria-hidden="true" className="size-4" />
              Edit images and description
            </Link>
          )}
        </div>
      </div>
      <BuyBar product={p} quantity={quantity} controls={controls} />
      {p.extendedData ? (
        <Suspense fallback={null}>
          <ProductInformation product={p} data={p.extendedData} />
        </Suspense>
      ) : (
        <p className="mt-8 text-sm text-muted">
          The supplier has not sent more details about this product yet.
        </p>
      )}
    </div>
  );
}
