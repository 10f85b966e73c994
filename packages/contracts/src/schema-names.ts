// The name of each exported zod schema of the contracts, for the OpenAPI document's
// components/schemas: a schema is named by the name it is exported under (`Cart`,
// `ProductSearchRequest`), so a shared schema becomes one component that every route using it
// refers to. Read off the modules' exports, so a new exported schema is named without a line here;
// a new module is added to MODULES (contracts' schema-names.test.ts fails until it is).
import { z } from "zod";
import * as accounts from "./accounts";
import * as alerts from "./alerts";
import * as applications from "./applications";
import * as backoffice from "./backoffice";
import * as buyers from "./buyers";
import * as cart from "./cart";
import * as catalogueImages from "./catalogue-images";
import * as catalogueSearch from "./catalogue-search";
import * as catalogue from "./catalogue";
import * as common from "./common";
import * as content from "./content";
import * as credentials from "./credentials";
import * as format from "./format";
import * as gtin from "./gtin";
import * as health from "./health";
import * as identity from "./identity";
import * as orderLists from "./order-lists";
import * as orders from "./orders";
import * as payments from "./payments";
import * as problems from "./problems";
import * as productsPage from "./products-page";
import * as quickOrder from "./quick-order";
import * as realtime from "./realtime";
import * as reports from "./reports";
import * as reps from "./reps";
import * as routes from "./routes";
import * as shopDetails from "./shop-details";
import * as statements from "./statements";
import * as wishlist from "./wishlist";

/**
 * The modules whose exported schemas are named, by file name. The most shared come first: a
 * schema exported under two names (one module re-exporting another's under a name of its own)
 * is named as the first module here exports it.
 */
export const SCHEMA_MODULES: Readonly<Record<string, Record<string, unknown>>> = {
  common,
  problems,
  credentials,
  format,
  gtin,
  identity,
  accounts,
  catalogue,
  "catalogue-images": catalogueImages,
  "catalogue-search": catalogueSearch,
  "products-page": productsPage,
  routes,
  cart,
  "quick-order": quickOrder,
  wishlist,
  orders,
  "order-lists": orderLists,
  statements,
  buyers,
  reps,
  backoffice,
  reports,
  realtime,
  alerts,
  payments,
  applications,
  health,
  content,
  "shop-details": shopDetails,
};

const pascal = (text: string) =>
  text.replace(/(^|-)(\w)/g, (_m, _dash, letter: string) => letter.toUpperCase());

/**
 * Each exported schema's component name. Two different schemas exported under one name (in two
 * modules) are both named with their module's name in front (`CartLine` of cart.ts -> `CartCartLine`).
 */
export function contractSchemaNames(): Map<z.ZodType, string> {
  const found: { schema: z.ZodType; name: string; module: string }[] = [];
  const seen = new Set<z.ZodType>();
  for (const [module, exports] of Object.entries(SCHEMA_MODULES)) {
    for (const [name, value] of Object.entries(exports)) {
      if (!(value instanceof z.ZodType) || seen.has(value)) continue;
      seen.add(value);
      found.push({ schema: value, name, module });
    }
  }
  const uses = new Map<string, number>();
  for (const { name } of found) uses.set(name, (uses.get(name) ?? 0) + 1);
  return new Map(
    found.map(({ schema, name, module }) => [
      schema,
      uses.get(name)! > 1 ? `${pascal(module)}${name}` : name,
    ]),
  );
}
