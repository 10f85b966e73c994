// /manage, the No Images work list (docs/screens.md, docs/product.md): products without a picture, and beside it an
// editor for the chosen one (?sku=…) where staff upload pictures, pick the cover and correct
// the description. The route lets in Staff, Admin and NoImage; only Staff and Admin may edit.
import { useId } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ArrowLeft, Search } from "lucide-react";
import { appRoutes } from "@trade-shop/contracts/routes";
import { hasRole, useSession } from "@/lib/session";
import { useDocumentTitle } from "@/lib/use-document-title";
import { ProductEditor } from "./manage/product-editor";
import { WorkList } from "./manage/work-list";

type ManageChanges = { pageNumber?: number; sku?: string | null; search?: string };

function manageHref(params: URLSearchParams, changes: ManageChanges): string {
  const next = new URLSearchParams();
  const page = changes.pageNumber ?? Number(params.get("pageNumber") ?? 1);
  const sku = changes.sku === undefined ? params.get("sku") : changes.sku;
  const search = changes.search ?? params.get("search") ?? "";
  if (search) next.set("search", search);
  if (page > 1) next.set("pageNumber", String(page));
  if (sku) next.set("sku", sku);
  const query = next.toString();
  return query ? `${appRoutes.manage}?${query}` : appRoutes.manage;
}

export function ManageImagesPage() {
  useDocumentTitle("No Images");
  const session = useSession();
  const [params] = useSearchParams();
  const canEdit = hasRole(session, "Staff") || hasRole(session, "Admin");
  const canSee = canEdit || hasRole(session, "NoImage");
  const requestedPage = Number(params.get("pageNumber") ?? 1);
  const pageNumber = Number.isInteger(requestedPage) && requestedPage > 0 ? requestedPage : 1;
  const selectedSku = params.get("sku")?.trim() || null;
  const search = params.get("search")?.trim() ?? "";
  const hrefFor = (changes: ManageChanges) => manageHref(params, changes);
  const navigate = useNavigate();
  const searchId = useId();

  if (!canSee) {
    // The route's guard normally stops this; it shows when the session ends while the page is open.
    return (
      <div className="max-w-xl py-8">
        <h1 className="text-2xl font-bold text-fg">No Images</h1>
        <p className="mt-3 text-muted">
          This work list is for shop staff.{" "}
          <Link
            to={`${appRoutes.login}?${new URLSearchParams({ returnUrl: appRoutes.manage })}`}
            className="font-semibold text-brand underline underline-offset-4"
          >
            Log in as staff
          </Link>{" "}
          to see it.
        </p>
      </div>
    );
  }

  return (
    <div className="pb-4 pt-2">
      <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">No Images</h1>
      <p className="mt-1 max-w-3xl text-muted">
        Products that have no picture yet. Open one to upload its pictures, choose the cover and check its
        description.
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:gap-8">
        {/* On a phone the open editor takes the screen; the list is one tap back. */}
        <div className={`flex flex-col gap-3 ${selectedSku ? "hidden lg:flex" : ""}`}>
          <form
            role="search"
            aria-label="Find in the work list"
            key={search}
            className="flex"
            onSubmit={(event) => {
              event.preventDefault();
              const text = String(new FormData(event.currentTarget).get("search") ?? "").trim();
              navigate(manageHref(params, { search: text, pageNumber: 1 }));
            }}
          >
            <label htmlFor={searchId} className="sr-only">
              Product code or description
            </label>
            <input
              id={searchId}
              name="search"
              type="search"
              defaultValue={search}
              maxLength={100}
              placeholder="Product code or description"
              className="min-h-11 w-full min-w-0 text-ellipsis rounded-l-lg border border-r-0 border-line bg-surface px-3 text-base text-fg placeholder:text-muted"
            />
            <button
              type="submit"
              aria-label="Find"
              className="inline-flex min-h-11 min-w-12 items-center justify-center rounded-r-lg bg-brand-bg text-on-brand hover:bg-brand-strong"
            >
              <Search aria-hidden="true" className="size-5" />
            </button>
          </form>
          <WorkList pageNumber={pageNumber} search={search} selectedSku={selectedSku} hrefFor={hrefFor} />
        </div>
        {selectedSku ? (
          <div className="flex min-w-0 flex-col gap-2 self-start">
            <Link
              to={hrefFor({ sku: null })}
              className="inline-flex min-h-11 items-center gap-1.5 self-start text-sm font-semibold text-brand underline-offset-4 hover:underline lg:hidden"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to the work list
            </Link>
            <ProductEditor skuCode={selectedSku} canEdit={canEdit} closeHref={hrefFor({ sku: null })} />
          </div>
        ) : (
          <p className="hidden self-start rounded-xl border border-dashed border-line p-6 text-muted lg:block">
            Choose a product from the list to add its pictures.
          </p>
        )}
      </div>
    </div>
  );
}
