// The deterministic demo data set (docs/demo-data.md): every table's rows as plain objects, drawn
// from a seeded generator and a fixed reference date, so the same options give the same shop.
// Loading it is load.ts's job; this module touches no database and no clock.
import {
  BRANDS,
  CATEGORIES,
  CATEGORY_SHARE,
  PRODUCT_LINES,
  ROLES,
  RT_CATEGORY,
  SKU_PREFIX,
  TENANTS,
  VISITOR_WAREHOUSE,
  WAREHOUSES,
  type BrandName,
  type Category,
  type PackSize,
  type ProductLine,
  type RoleName,
  type TenantId,
} from "./catalogue-data";
import {
  DELIVERY_DAYS,
  FIRST_NAMES,
  LAST_NAMES,
  MAMA_NAMES,
  SHOP_KINDS,
  SHOP_WORDS,
  STREETS,
  TOWNS,
  type Town,
} from "./customer-data";
import { toGtin14 } from "@trade-shop/contracts/gtin";
import { unitPriceCents } from "@trade-shop/contracts/unit-price";
import { buildExtendedData, demoGtin } from "./extended-data";
import { brandImageUrl, productImageRow } from "./images";
import { sastDay } from "../modules/accounts";
import { generateLedger, paymentTermsFor } from "./ledger";
import { generateOrders } from "./orders";
import { createRandom, type Random } from "./random";
import type { DemoCustomer, DemoDeal, DemoProduct, Row } from "./types";

export const DEFAULT_SEED = 20_261_101;
export const DEFAULT_SKU_COUNT = 3_200;
export const DEFAULT_REFERENCE_DATE = "2026-11-01T06:00:00Z";

export interface DemoOptions {
  seed?: number;
  skuCount?: number;
  /** "Now" for the demo: order history runs up to it, deals are running on it. */
  referenceDate?: Date;
}

/** Rows per table, in an order that satisfies every foreign key. */
export interface DemoTables {
  tenants: Row<"tenants">[];
  roles: Row<"roles">[];
  warehouses: Row<"warehouses">[];
  brands: Row<"brands">[];
  products: Row<"products">[];
  productExtendedData: Row<"productExtendedData">[];
  productImages: Row<"productImages">[];
  stock: Row<"stock">[];
  priceLists: Row<"priceLists">[];
  priceListPrices: Row<"priceListPrices">[];
  deals: Row<"deals">[];
  customers: Row<"customers">[];
  customerAddresses: Row<"customerAddresses">[];
  /** Without password hashes: hashing is slow and salted, so the loader does it. */
  users: Row<"users">[];
  userRoles: Row<"userRoles">[];
  userTenants: Row<"userTenants">[];
  repAccounts: Row<"repAccounts">[];
  orders: Row<"orders">[];
  orderLines: Row<"orderLines">[];
  orderStatusHistory: Row<"orderStatusHistory">[];
  accountDocuments: Row<"accountDocuments">[];
}

export const DEMO_TABLE_ORDER: readonly (keyof DemoTables)[] = [
  "tenants",
  "roles",
  "warehouses",
  "brands",
  "products",
  "productExtendedData",
  "productImages",
  "stock",
  "priceLists",
  "priceListPrices",
  "deals",
  "customers",
  "customerAddresses",
  "users",
  "userRoles",
  "userTenants",
  "repAccounts",
  "orders",
  "orderLines",
  "orderStatusHistory",
  "accountDocuments",
];

export interface DemoData {
  seed: number;
  skuCount: number;
  referenceDate: Date;
  tables: DemoTables;
}

const DAY_MS = 86_400_000;

export function generateDemoData(options: DemoOptions = {}): DemoData {
  const seed = options.seed ?? DEFAULT_SEED;
  const skuCount = options.skuCount ?? DEFAULT_SKU_COUNT;
  const referenceDate = new Date(options.referenceDate ?? DEFAULT_REFERENCE_DATE);
  if (!Number.isInteger(skuCount) || skuCount < 1)
    throw new RangeError(`skuCount must be a positive whole number, got ${skuCount}`);
  if (Number.isNaN(referenceDate.getTime())) throw new RangeError("referenceDate is not a valid date");
  const random = createRandom(seed);

  const brands = BRANDS.map((name, index) => ({ id: index + 1, name, imageUrl: brandImageUrl(name) }));
  const brandIds = new Map<string, number>(brands.map((brand) => [brand.name, brand.id]));
  const catalogue = generateCatalogue(random.fork("catalogue"), skuCount, referenceDate, brandIds);
  const priceLists = generatePriceLists(random.fork("price-lists"), catalogue.products);
  const deals = generateDeals(random.fork("deals"), catalogue.products, referenceDate);
  const people = generateCustomers(random.fork("customers"), priceLists.idFor, referenceDate);
  const orders = generateOrders({
    random: random.fork("orders"),
    referenceDate,
    products: catalogue.products,
    prices: priceLists.prices,
    deals: deals.bySku,
    customers: people.customers,
    userFor: people.userFor,
    staffUser: people.staffUser,
  });
  const accountDocuments = generateLedger({
    random: random.fork("ledger"),
    referenceDate,
    customers: people.customers,
    orders: orders.orders,
    lines: orders.lines,
    history: orders.history,
  });
  const licences = random.fork("liquor-licences");
  const customerRows = people.customerRows.map((row, index) => {
    const customer = people.customers[index]!;
    const licensed = customer.isLiquorCustomer;
    return {
      ...row,
      paymentTermsDays: paymentTermsFor(customer),
      liquorLicenceNumber: licensed
        ? `${customer.tenantId === "coastal" ? "KZN" : "GAU"}/${String(licences.int(10_000, 99_999))}/LL`
        : null,
      liquorLicenceExpiresOn: licensed
        ? sastDay(new Date(referenceDate.getTime() + licences.int(90, 900) * DAY_MS))
        : null,
      liquorLicenceNoticeFor: null,
    };
  });

  return {
    seed,
    skuCount,
    referenceDate,
    tables: {
      tenants: TENANTS.map((tenant) => ({ ...tenant, enabled: true })),
      roles: ROLES.map((role, index) => ({ id: index + 1, ...role, enabled: true })),
      warehouses: WAREHOUSES.map((warehouse) => ({
        ...warehouse,
        shownToVisitors: warehouse.code === VISITOR_WAREHOUSE,
      })),
      brands,
      products: catalogue.productRows,
      productExtendedData: catalogue.extendedData,
      productImages: catalogue.images,
      stock: generateStock(random.fork("stock"), catalogue.products),
      priceLists: priceLists.rows,
      priceListPrices: priceLists.priceRows,
      deals: deals.rows,
      customers: customerRows,
      customerAddresses: people.addresses,
      users: people.users,
      userRoles: people.userRoles,
      userTenants: people.userTenants,
      repAccounts: people.repAccounts,
      orders: orders.orders,
      orderLines: orders.lines,
      orderStatusHistory: orders.history,
      accountDocuments,
    },
  };
}

interface Candidate {
  line: ProductLine;
  brand: BrandName;
  variant: string;
  size: PackSize;
  description: string;
}

function describe(line: ProductLine, brand: string, variant: string, size: PackSize): string {
  return (line.title ?? "{brand} {variant} {noun} {size}")
    .replace("{brand}", brand)
    .replace("{variant}", variant)
    .replace("{noun}", line.noun)
    .replace("{size}", size.label)
    .replace(/\s+/g, " ")
    .trim();
}

/** Every distinct product the product lines can make, per category. */
function candidatesByCategory(): Map<Category, Candidate[]> {
  const byCategory = new Map<Category, Candidate[]>(CATEGORIES.map((category) => [category, []]));
  const seen = new Set<string>();
  for (const line of PRODUCT_LINES) {
    for (const brand of line.brands) {
      for (const variant of line.variants) {
        for (const size of line.sizes) {
          const description = describe(line, brand, variant, size);
          if (seen.has(description)) continue;
          seen.add(description);
          byCategory.get(line.path[0])?.push({ line, brand, variant, size, description });
        }
      }
    }
  }
  return byCategory;
}

/** How many SKUs each category gets: its share, capped at what it can make, surplus spread on. */
function categoryTargets(skuCount: number, pools: Map<Category, Candidate[]>): Map<Category, number> {
  const available = (category: Category) => pools.get(category)?.length ?? 0;
  const total = CATEGORIES.reduce((sum, category) => sum + available(category), 0);
  if (skuCount > total)
    throw new RangeError(`The demo catalogue can make at most ${total} SKUs, asked for ${skuCount}`);
  const targets = new Map<Category, number>(
    CATEGORIES.map((c) => [c, Math.min(available(c), Math.floor(skuCount * CATEGORY_SHARE[c]))]),
  );
  let missing = skuCount - [...targets.values()].reduce((sum, n) => sum + n, 0);
  while (missing > 0) {
    for (const category of CATEGORIES) {
      const current = targets.get(category) ?? 0;
      if (missing > 0 && current < available(category)) {
        targets.set(category, current + 1);
        missing--;
      }
    }
  }
  return targets;
}

function generateCatalogue(
  random: Random,
  skuCount: number,
  referenceDate: Date,
  brandIds: Map<string, number>,
) {
  const pools = candidatesByCategory();
  const targets = categoryTargets(skuCount, pools);
  const order = (a: Candidate, b: Candidate) =>
    a.line.path.join("|").localeCompare(b.line.path.join("|")) || a.description.localeCompare(b.description);
  const chosen = CATEGORIES.flatMap((category) =>
    random
      .sample(pools.get(category) ?? [], targets.get(category) ?? 0)
      .sort(order)
      .map((candidate, index) => ({ ...candidate, skuCode: `${SKU_PREFIX[category]}${1001 + index}` })),
  );

  const pick = random.fork("flags");
  const prices = random.fork("list-prices");
  const extended = random.fork("extended-data");
  const pictures = random.fork("images");
  const shelf = random.fork("shelf-prices");
  const itemNumbers = new Map<string, number>();
  const products: DemoProduct[] = [];
  const productRows: Row<"products">[] = [];
  const extendedData: Row<"productExtendedData">[] = [];
  const images: Row<"productImages">[] = [];

  chosen.forEach((candidate, index) => {
    const { line, brand, variant, size, description, skuCode } = candidate;
    const category = line.path[0];
    const brandId = brandIds.get(brand);
    if (brandId === undefined)
      throw new Error(`Product line ${line.path.join(" > ")} names unknown brand ${brand}`);
    const isNew = pick.chance(0.08);
    const isFeatured = pick.chance(0.05);
    const createdAt = new Date(
      referenceDate.getTime() - (isNew ? pick.int(1, 45) : pick.int(60, 900)) * DAY_MS,
    );
    const unitPrice = prices.float(size.unitPrice[0], size.unitPrice[1]);
    const listPriceCents = Math.round(unitPrice * size.units * 100);
    const product: DemoProduct = {
      skuCode,
      category,
      description,
      isLiquor: category === "Liquor",
      rtCategory: RT_CATEGORY[category],
      listPriceCents,
      vatRate: 15,
    };
    products.push(product);
    const itemNumber = (itemNumbers.get(brand) ?? 0) + 1;
    itemNumbers.set(brand, itemNumber);
    productRows.push({
      skuCode,
      category,
      subCategory: line.path[1],
      subCategory2: line.path[2],
      subCategory3: line.path[3] ?? null,
      brandId,
      description,
      packSize: String(size.units),
      capacity: size.label.replace(/(\d)(g|kg|ml|L)$/, "$1 $2"),
      rtCategory: product.rtCategory,
      isLiquor: product.isLiquor,
      isNew,
      isFeatured,
      vatRate: product.vatRate,
      listPriceCents,
      shelfPriceCents: shelfPrice(shelf, category, listPriceCents, product.vatRate, size.units),
      active: true,
      // Every product has its barcode, with or without the supplier's extended data.
      gtin: toGtin14(demoGtin(brandId, itemNumber)),
      createdAt,
      updatedAt: createdAt,
    });
    // Suppliers leave some products without data, and staff have yet to photograph some.
    if (extended.chance(0.9)) {
      const data = buildExtendedData(
        { id: index + 1, skuCode, brand, brandId, itemNumber, line, variant, size, description },
        extended,
      );
      extendedData.push({ skuCode, data });
    }
    if (pictures.chance(0.93)) {
      images.push(
        productImageRow({
          skuCode,
          category,
          shape: line.shape,
          brand,
          variant,
          noun: line.noun,
          size: size.label,
        }),
      );
    }
  });
  return { products, productRows, extendedData, images };
}

/** The markup over the unit list price incl. VAT a shop usually adds, by category: [low, high]. */
const SHELF_MARKUP: Record<Category, readonly [number, number]> = {
  Chips: [0.3, 0.4],
  Chocolates: [0.25, 0.35],
  Liquor: [0.15, 0.25],
  Sweets: [0.3, 0.4],
  Beverages: [0.2, 0.3],
  Biscuits: [0.25, 0.35],
  Hygiene: [0.2, 0.3],
};

/**
 * A product's recommended selling price per unit incl. VAT (docs/demo-data.md): the unit list
 * price incl. VAT marked up by the category's usual markup and rounded up to a price ending
 * in 9 cents (R8.91 and R8.99 both go to R8.99). About one product in nine has none, and one in
 * thirty keeps a price from before a price rise, near or below what the unit now costs.
 */
function shelfPrice(
  random: Random,
  category: Category,
  listPriceCents: number,
  vatRate: number,
  units: number,
) {
  if (random.chance(0.11)) return null;
  const inclCents = Math.floor((2 * listPriceCents * (100 + vatRate) + 100) / 200);
  const unitCents = unitPriceCents(inclCents, units) ?? inclCents;
  const [low, high] = random.chance(0.03) ? [-0.06, 0.04] : SHELF_MARKUP[category];
  const target = Math.round(unitCents * (1 + random.float(low, high)));
  return Math.max(9, target + ((9 - (target % 10) + 10) % 10));
}

function generateStock(random: Random, products: readonly DemoProduct[]): Row<"stock">[] {
  const rows: Row<"stock">[] = [];
  for (const product of products) {
    for (const warehouse of WAREHOUSES) {
      const roll = random.next();
      // About 5% sold out, 2% down to the last few packs, the rest up to 500 (fewer high counts).
      const onHand =
        roll < 0.05 ? 0 : roll < 0.07 ? random.int(1, 3) : 4 + Math.floor(497 * random.next() ** 1.6);
      rows.push({ skuCode: product.skuCode, warehouseCode: warehouse.code, onHand });
    }
  }
  return rows;
}

const PRICE_LIST_NAMES = ["Standard", "Wholesale", "Spaza Saver"] as const;
type PriceListName = (typeof PRICE_LIST_NAMES)[number];

/** What each price list takes off the product's list price, low and high. */
const PRICE_LIST_DISCOUNT: Record<PriceListName, readonly [number, number]> = {
  Standard: [0, 0],
  Wholesale: [0.03, 0.06],
  "Spaza Saver": [0.01, 0.04],
};

function generatePriceLists(random: Random, products: readonly DemoProduct[]) {
  const rows: Row<"priceLists">[] = [];
  const priceRows: Row<"priceListPrices">[] = [];
  const prices = new Map<number, Map<string, number>>();
  const ids = new Map<string, number>();
  for (const tenant of TENANTS) {
    for (const name of PRICE_LIST_NAMES) {
      const id = rows.length + 1;
      rows.push({ id, tenantId: tenant.id, name });
      ids.set(`${tenant.id}/${name}`, id);
      const [low, high] = PRICE_LIST_DISCOUNT[name];
      const list = new Map<string, number>();
      for (const product of products) {
        const cents =
          name === "Standard"
            ? product.listPriceCents
            : Math.round(product.listPriceCents * (1 - random.float(low, high)));
        list.set(product.skuCode, cents);
        priceRows.push({ priceListId: id, skuCode: product.skuCode, listPriceCents: cents });
      }
      prices.set(id, list);
    }
  }
  const idFor = (tenantId: TenantId, name: PriceListName): number => {
    const id = ids.get(`${tenantId}/${name}`);
    if (id === undefined) throw new Error(`No price list ${name} in ${tenantId}`);
    return id;
  };
  return { rows, priceRows, prices, idFor };
}

/** Midnight in Johannesburg (UTC+2, no daylight saving) of the day `date` falls on there. */
function startOfDaySast(date: Date): Date {
  const sast = date.getTime() + 2 * 3_600_000;
  return new Date(sast - (sast % DAY_MS) - 2 * 3_600_000);
}

function generateDeals(random: Random, products: readonly DemoProduct[], referenceDate: Date) {
  const rows: Row<"deals">[] = [];
  const bySku = new Map<TenantId, Map<string, DemoDeal>>();
  const year = referenceDate.getUTCFullYear();
  // Running to the end of next year, Johannesburg time.
  const endsAt = new Date(Date.UTC(year + 1, 11, 31, 21, 59, 59));
  for (const tenant of TENANTS) {
    const chosen = random.sample(products, Math.round(products.length * 0.12));
    chosen.sort((a, b) => a.skuCode.localeCompare(b.skuCode));
    const tenantDeals = new Map<string, DemoDeal>();
    chosen.forEach((product, index) => {
      const minQuantity = random.int(2, 12);
      const discountPercent = random.chance(0.15) ? random.pick([7.5, 12.5, 17.5]) : random.int(5, 20);
      const deal: DemoDeal = {
        dealReference: `DL-${year}-${String(index + 1).padStart(4, "0")}`,
        description: `Buy ${minQuantity}+ save ${discountPercent}%`,
        minQuantity,
        discountPercent,
        startsAt: startOfDaySast(new Date(referenceDate.getTime() - random.int(7, 330) * DAY_MS)),
        endsAt,
      };
      tenantDeals.set(product.skuCode, deal);
      rows.push({ id: rows.length + 1, tenantId: tenant.id, skuCode: product.skuCode, ...deal });
    });
    bySku.set(tenant.id, tenantDeals);
  }
  return { rows, bySku };
}

interface DemoUser {
  username: string;
  firstname: string;
  lastname: string;
  roles: readonly RoleName[];
  tenants: readonly TenantId[];
  customerAccount?: string;
  /** The accounts a Rep orders for (decision 127). */
  repAccounts?: readonly string[];
}

/** The demo logins of docs/demo-data.md; all share the password Demo-Trade-2026. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: "trader",
    firstname: "Thabo",
    lastname: "Mokoena",
    roles: ["Customer"],
    tenants: ["gauteng"],
    customerAccount: "CUS0001",
  },
  {
    username: "spaza",
    firstname: "Nomsa",
    lastname: "Dlamini",
    roles: ["Customer"],
    tenants: ["gauteng"],
    customerAccount: "CUS0002",
  },
  {
    username: "staff",
    firstname: "Pieter",
    lastname: "van der Merwe",
    roles: ["Staff", "NoImage"],
    tenants: ["gauteng", "coastal"],
  },
  {
    username: "admin",
    firstname: "Ayesha",
    lastname: "Naidoo",
    roles: ["Admin"],
    tenants: ["gauteng", "coastal"],
  },
  {
    username: "rep",
    firstname: "Sipho",
    lastname: "Khumalo",
    roles: ["Rep"],
    tenants: ["coastal"],
    repAccounts: ["CUS0040", "CUS0041", "CUS0042"],
  },
];

export const DEMO_PASSWORD = "Demo-Trade-2026";

interface CustomerSeed {
  accountId: string;
  tenantId: TenantId;
  name: string;
  town: Town;
  suburb?: string;
  kind: (typeof SHOP_KINDS)[number];
  priceList: PriceListName;
  isLiquorCustomer: boolean;
  creditLimitRand: number;
  dcBalanceCents?: number;
  contactName: string;
  contactEmail: string;
  contactCellphone?: string;
  /** A brand-new account: no orders yet. */
  isNewAccount?: boolean;
}

function townNamed(name: string): Town {
  const town = TOWNS.find((t) => t.name === name);
  if (!town) throw new Error(`Unknown town ${name}`);
  return town;
}

function kindOf(channelSubGroup: string): (typeof SHOP_KINDS)[number] {
  const kind = SHOP_KINDS.find((k) => k.channelSubGroup === channelSubGroup);
  if (!kind) throw new Error(`Unknown shop kind ${channelSubGroup}`);
  return kind;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "");

/** The three accounts the demo logins and the registration walk-through rely on. */
const FIXED_CUSTOMERS: readonly CustomerSeed[] = [
  {
    accountId: "CUS0001",
    tenantId: "gauteng",
    name: "Trader's Wholesale",
    town: townNamed("Johannesburg"),
    suburb: "Newtown",
    kind: kindOf("Cash & Carry"),
    priceList: "Wholesale",
    isLiquorCustomer: true,
    creditLimitRand: 150_000,
    dcBalanceCents: 3_845_020,
    contactName: "Thabo Mokoena",
    contactEmail: "orders.traderswholesale@demo.shop",
  },
  {
    accountId: "CUS0002",
    tenantId: "gauteng",
    name: "Spaza Corner Store",
    town: townNamed("Soweto"),
    suburb: "Orlando West",
    kind: kindOf("Spaza"),
    priceList: "Spaza Saver",
    isLiquorCustomer: false,
    creditLimitRand: 5_000,
    dcBalanceCents: 84_560,
    contactName: "Nomsa Dlamini",
    contactEmail: "spazacornerstore@demo.shop",
  },
  {
    accountId: "CUS0003",
    tenantId: "gauteng",
    name: "New Shop Trading",
    town: townNamed("Tembisa"),
    kind: kindOf("Mini Market"),
    priceList: "Standard",
    isLiquorCustomer: false,
    creditLimitRand: 20_000,
    dcBalanceCents: 0,
    contactName: "Lerato Molefe",
    contactEmail: "newshop@demo.shop",
    contactCellphone: "+27820000003",
    isNewAccount: true,
  },
];

const GENERATED_CUSTOMERS: Record<TenantId, number> = { gauteng: 22, coastal: 18 };

function digits(random: Random, count: number): string {
  let text = "";
  for (let i = 0; i < count; i++) text += String(random.int(0, 9));
  return text;
}

function customerSeeds(random: Random): CustomerSeed[] {
  const seeds = [...FIXED_CUSTOMERS];
  const names = new Set(seeds.map((seed) => seed.name));
  // Each shop word, surname and mama once before any comes round again, so names rarely clash.
  const queue = <T>(items: readonly T[]) => {
    let pending: T[] = [];
    return () => {
      if (pending.length === 0) pending = random.shuffle(items);
      return pending.pop() as T;
    };
  };
  const nextWord = queue(SHOP_WORDS);
  const nextSurname = queue(LAST_NAMES);
  const nextMama = queue(MAMA_NAMES);
  for (const tenant of TENANTS) {
    const towns = TOWNS.filter((town) => town.tenant === tenant.id);
    for (let i = 0; i < GENERATED_CUSTOMERS[tenant.id]; i++) {
      const town = towns[i % towns.length] as Town;
      const kind = random.weighted(
        SHOP_KINDS.map((k) => [k, k.channelGroup === "Informal Retail" ? 3 : 2] as const),
      );
      let name = kind.pattern
        .replace("{surname}", nextSurname())
        .replace("{town}", town.name)
        .replace("{mama}", nextMama())
        .replace("{word}", nextWord());
      if (names.has(name)) name = `${name} ${random.pick(town.suburbs)}`;
      if (names.has(name)) continue;
      names.add(name);
      const [low, high] = kind.credit;
      seeds.push({
        accountId: `CUS${String(seeds.length + 1).padStart(4, "0")}`,
        tenantId: tenant.id,
        name,
        town,
        kind,
        priceList:
          kind.channelGroup === "Wholesale"
            ? "Wholesale"
            : kind.channelGroup === "Informal Retail"
              ? "Spaza Saver"
              : "Standard",
        isLiquorCustomer: random.chance(kind.liquor),
        creditLimitRand: Math.round(random.int(low, high) / 1000) * 1000,
        contactName: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
        contactEmail: `${slug(name)}@demo.shop`,
      });
    }
  }
  return seeds;
}

function generateCustomers(
  random: Random,
  priceListId: (tenant: TenantId, name: PriceListName) => number,
  referenceDate: Date,
) {
  const customers: DemoCustomer[] = [];
  const customerRows: Row<"customers">[] = [];
  const addresses: Row<"customerAddresses">[] = [];
  const phone = (areaCode: string) => `+27${areaCode}${digits(random, 9 - areaCode.length)}`;

  for (const seed of customerSeeds(random)) {
    const id = customers.length + 1;
    const { town, kind } = seed;
    const suburb = seed.suburb ?? random.pick(town.suburbs);
    const address = {
      address1: `${random.int(1, 240)} ${random.pick(STREETS)}`,
      address2: suburb,
      address3: town.name,
      address4: town.province,
      address5: "South Africa",
      addressPc: town.postalCode,
    };
    const creditLimitCents = seed.creditLimitRand * 100;
    const dcBalanceCents = seed.dcBalanceCents ?? Math.round(creditLimitCents * random.float(0.05, 0.55));
    const deliveryDay = random.int(0, DELIVERY_DAYS.length - 1);
    const customer: DemoCustomer = {
      id,
      tenantId: seed.tenantId,
      accountId: seed.accountId,
      name: seed.name,
      pricelistId: priceListId(seed.tenantId, seed.priceList),
      stockingWarehouseCode: town.warehouse,
      isLiquorCustomer: seed.isLiquorCustomer,
      creditLimitCents,
      dcBalanceCents,
      deliveryMethod: random.chance(0.85) ? "Delivery" : "Collect",
      channelGroup: kind.channelGroup,
      taxNumber: `4${digits(random, 9)}`,
      contactEmail: seed.contactEmail,
      hasOrderHistory: !seed.isNewAccount,
      contactCellphone:
        seed.contactCellphone ??
        `+27${random.pick(["72", "73", "76", "79", "82", "83", "84"])}${digits(random, 7)}`,
      repCode: `REP${String(random.int(1, 12)).padStart(2, "0")}`,
      vendorNumber: `V${digits(random, 6)}`,
      address,
    };
    customers.push(customer);
    customerRows.push({
      id,
      tenantId: customer.tenantId,
      accountId: customer.accountId,
      name: customer.name,
      grouping1: town.province,
      grouping2: kind.channelGroup,
      grouping3:
        creditLimitCents >= 10_000_000
          ? "Key Account"
          : creditLimitCents >= 2_000_000
            ? "Independent"
            : "Small Trade",
      ...address,
      latitude: Math.round((town.latitude + random.float(-0.03, 0.03)) * 1e6) / 1e6,
      longitude: Math.round((town.longitude + random.float(-0.03, 0.03)) * 1e6) / 1e6,
      pastelCustomerId: customer.accountId,
      contactName: seed.contactName,
      contactTelephone1: phone(town.areaCode),
      contactTelephone2: random.chance(0.4) ? phone(town.areaCode) : null,
      contactCellphone: customer.contactCellphone,
      contactEmail: customer.contactEmail,
      taxNumber: customer.taxNumber,
      registrationNumber: `${random.int(1998, referenceDate.getUTCFullYear() - 1)}/${digits(random, 6)}/07`,
      nominatedDeliveryDate: DELIVERY_DAYS[deliveryDay] ?? null,
      nominatedOrderDate:
        DELIVERY_DAYS[(deliveryDay + DELIVERY_DAYS.length - 1) % DELIVERY_DAYS.length] ?? null,
      channelGroup: kind.channelGroup,
      channelSubGroup: kind.channelSubGroup,
      mainWarehouseCode: town.warehouse,
      pricelistId: customer.pricelistId,
      active: true,
      vendorNumber: customer.vendorNumber,
      repCode: customer.repCode,
      isLiquorCustomer: customer.isLiquorCustomer,
      stockingWarehouseCode: customer.stockingWarehouseCode,
      deliveryMethod: customer.deliveryMethod,
      creditLimitCents,
      dcBalanceCents,
    });
    addresses.push({
      id: addresses.length + 1,
      customerId: id,
      label: "Main store",
      ...address,
      isDefault: true,
    });
    const extra = random.weighted([
      [0, 5],
      [1, 3],
      [2, 2],
    ] as const);
    for (const label of ["Second branch", "Storeroom"].slice(0, extra)) {
      addresses.push({
        id: addresses.length + 1,
        customerId: id,
        label,
        ...address,
        address1: `${random.int(1, 240)} ${random.pick(STREETS)}`,
        address2: random.pick(town.suburbs),
        isDefault: false,
      });
    }
  }

  const users: Row<"users">[] = [];
  const userRoles: Row<"userRoles">[] = [];
  const userTenants: Row<"userTenants">[] = [];
  const repAccounts: Row<"repAccounts">[] = [];
  const createdDate = new Date(referenceDate.getTime() - 400 * DAY_MS);
  for (const user of DEMO_USERS) {
    const id = users.length + 1;
    const customer = user.customerAccount
      ? customers.find((c) => c.accountId === user.customerAccount)
      : undefined;
    users.push({
      id,
      username: user.username,
      firstname: user.firstname,
      lastname: user.lastname,
      email: `${user.username}@demo.shop`,
      customerId: customer?.id ?? null,
      createdBy: "system",
      createdDate,
    });
    for (const role of user.roles)
      userRoles.push({ userId: id, roleId: ROLES.findIndex((r) => r.name === role) + 1 });
    for (const tenantId of user.tenants) userTenants.push({ userId: id, tenantId });
    for (const accountId of user.repAccounts ?? []) {
      const served = customers.find((c) => c.accountId === accountId && user.tenants.includes(c.tenantId));
      if (!served)
        throw new Error(`The demo rep ${user.username} serves ${accountId}, which is not in their tenants`);
      repAccounts.push({
        tenantId: served.tenantId,
        repUserId: id,
        customerId: served.id,
        assignedBy: "system",
        assignedAt: createdDate,
      });
    }
  }
  const staffId = users.find((user) => user.username === "staff")?.id;
  if (staffId === undefined)
    throw new Error("The demo needs a staff user to place orders on behalf of customers");
  const staffUser = { id: staffId, username: "staff" };
  const userFor = (customer: DemoCustomer) => {
    const user = users.find((u) => u.customerId === customer.id);
    return user?.id === undefined ? undefined : { id: user.id, username: user.username };
  };
  return {
    customers,
    customerRows,
    addresses,
    users,
    userRoles,
    userTenants,
    repAccounts,
    userFor,
    staffUser,
  };
}
