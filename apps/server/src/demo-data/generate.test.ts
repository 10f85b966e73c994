import { createHash } from "node:crypto";
import { ProductExtendedData } from "@trade-shop/contracts/catalogue";
import { beforeAll, describe, expect, it } from "vitest";
import { contentHash } from "../modules/catalogue";
import { priceLine } from "../modules/pricing";
import { BRANDS, CATEGORIES, WAREHOUSES } from "./catalogue-data";
import { demoGtin, isValidEan13 } from "./extended-data";
import { DEFAULT_REFERENCE_DATE, DEMO_TABLE_ORDER, generateDemoData, type DemoData } from "./generate";
import { brandSlug } from "./images";
import { NOT_YET_INVOICED, ORDER_STATUSES } from "./orders";

/** Buffers as base64 rather than arrays of numbers: same content, same text, much faster. */
function fingerprint(data: DemoData): string {
  const json = JSON.stringify(data, function (this: Record<string, unknown>, key, value: unknown) {
    const original = this[key];
    return Buffer.isBuffer(original) ? original.toString("base64") : value;
  });
  return createHash("sha256").update(json).digest("hex");
}

const DAY_MS = 86_400_000;
const share = (part: number, whole: number) => part / whole;

let data: DemoData;
let t: DemoData["tables"];
const reference = new Date(DEFAULT_REFERENCE_DATE);

beforeAll(() => {
  data = generateDemoData();
  t = data.tables;
});

describe("generateDemoData", () => {
  it("gives the same data for the same seed and different data for another", () => {
    expect(fingerprint(generateDemoData())).toBe(fingerprint(data));
    const other = generateDemoData({ seed: 7 });
    expect(fingerprint(other)).not.toBe(fingerprint(data));
    const skus = (d: DemoData) => new Set(d.tables.products.map((p) => p.description));
    const common = [...skus(other)].filter((description) => skus(data).has(description)).length;
    expect(common).toBeLessThan(other.tables.products.length);
  }, 60_000); // two full generations: seconds on a busy 2-core machine

  it("takes its options: SKU count, seed and reference date", () => {
    const small = generateDemoData({
      skuCount: 300,
      seed: 1,
      referenceDate: new Date("2025-03-01T06:00:00Z"),
    });
    expect(small.tables.products).toHaveLength(300);
    expect(small.tables.stock).toHaveLength(300 * 7);
    expect(small.seed).toBe(1);
    const latest = Math.max(
      ...small.tables.orderStatusHistory.map((h) => new Date(h.changedAt as Date).getTime()),
    );
    expect(latest).toBeLessThanOrEqual(new Date("2025-03-01T06:00:00Z").getTime());
    expect(() => generateDemoData({ skuCount: 1_000_000 })).toThrow(RangeError);
  });

  it("lists every table it fills in the loading order", () => {
    expect([...DEMO_TABLE_ORDER].sort()).toEqual(Object.keys(t).sort());
  });

  it("has the two tenants, seven warehouses and five roles", () => {
    expect(t.tenants.map((x) => [x.id, x.name])).toEqual([
      ["gauteng", "Trade Shop Gauteng"],
      ["coastal", "Trade Shop Coastal"],
    ]);
    expect(t.warehouses.map((w) => `${w.code} ${w.name}`)).toEqual([
      "JHB Johannesburg",
      "PTA Pretoria",
      "DBN Durban",
      "CPT Cape Town",
      "GQB Gqeberha",
      "BFN Bloemfontein",
      "PLK Polokwane",
    ]);
    expect(t.roles.map((r) => r.name)).toEqual(["Customer", "Staff", "Admin", "NoImage", "Rep"]);
    for (const role of t.roles) expect(role.description?.length).toBeGreaterThan(10);
  });

  it("has about 60 fictional brands, each with its logo URL", () => {
    expect(t.brands.length).toBeGreaterThanOrEqual(55);
    expect(new Set(t.brands.map((b) => b.name)).size).toBe(t.brands.length);
    for (const brand of t.brands) expect(brand.imageUrl).toBe(`/images/brands/${brandSlug(brand.name)}.svg`);
    expect(brandSlug("Tannie Sarie's")).toBe("tannie-saries");
    expect(brandSlug("Cape Cocoa Co.")).toBe("cape-cocoa-co");
    const used = new Set(t.products.map((p) => p.brandId));
    expect(used.size).toBe(BRANDS.length);
  });
});

describe("demo catalogue", () => {
  it("has at least 3 000 SKUs with unique codes and descriptions", () => {
    expect(t.products.length).toBe(3_200);
    expect(new Set(t.products.map((p) => p.skuCode)).size).toBe(t.products.length);
    expect(new Set(t.products.map((p) => p.description)).size).toBe(t.products.length);
  });

  it("files every SKU under a header category with two or three levels of sub-category", () => {
    for (const category of CATEGORIES) {
      expect(t.products.filter((p) => p.category === category).length).toBeGreaterThan(300);
    }
    for (const p of t.products) {
      expect(CATEGORIES).toContain(p.category);
      expect(p.subCategory).toBeTruthy();
      expect(p.subCategory2).toBeTruthy();
    }
    expect(t.products.some((p) => p.subCategory3 === "Cans" && p.subCategory2 === "Cola")).toBe(true);
  });

  it("has liquor only in Liquor", () => {
    for (const p of t.products) expect(p.isLiquor).toBe(p.category === "Liquor");
  });

  it("has whole-pack sizes, printed capacities and rand prices excl. VAT", () => {
    for (const p of t.products) {
      expect(Number.isInteger(Number(p.packSize)) && Number(p.packSize) >= 1).toBe(true);
      expect(p.capacity).toMatch(/^\S/);
      expect(Number.isSafeInteger(p.listPriceCents) && p.listPriceCents > 100).toBe(true);
      expect(p.vatRate).toBe(15);
    }
    const chips = t.products.find((p) => /Potato Chips 125g$/.test(p.description));
    expect(chips).toMatchObject({ packSize: "24", capacity: "125 g" });
  });

  it("marks about 8% new and 5% featured", () => {
    const n = t.products.length;
    expect(share(t.products.filter((p) => p.isNew).length, n)).toBeGreaterThan(0.06);
    expect(share(t.products.filter((p) => p.isNew).length, n)).toBeLessThan(0.1);
    expect(share(t.products.filter((p) => p.isFeatured).length, n)).toBeGreaterThan(0.035);
    expect(share(t.products.filter((p) => p.isFeatured).length, n)).toBeLessThan(0.065);
  });

  it("has extended data for about 90% of SKUs that the contracts accept", () => {
    expect(share(t.productExtendedData.length, t.products.length)).toBeGreaterThan(0.87);
    expect(share(t.productExtendedData.length, t.products.length)).toBeLessThan(0.93);
    const liquor = new Set(t.products.filter((p) => p.isLiquor).map((p) => p.skuCode));
    const gtins = new Set<string>();
    for (const row of t.productExtendedData) {
      const parsed = ProductExtendedData.parse(row.data);
      expect(parsed.skuCode).toBe(row.skuCode);
      expect(isValidEan13(parsed.primaryGTIN ?? "")).toBe(true);
      gtins.add(parsed.primaryGTIN ?? "");
      if (liquor.has(row.skuCode)) {
        expect(parsed.alcoholPercentage).toBeGreaterThan(0);
        expect(parsed.halaal).toBe(false);
      } else {
        expect(parsed.alcoholPercentage).toBeNull();
      }
    }
    expect(gtins.size).toBe(t.productExtendedData.length);
  });

  it("fills in what the back of a food pack says", () => {
    const chips = t.productExtendedData
      .map((row) => ProductExtendedData.parse(row.data))
      .find((d) => d.productType === "Crinkle Cut Potato Chips" && d.variant === "Cheese & Onion");
    expect(chips).toBeDefined();
    expect(chips?.ingredients).toContain("cheese & onion");
    expect(chips?.allergens).toContain("Milk");
    expect(chips?.energyKj100g).toBeGreaterThan(1500);
    expect(chips?.energyKjServing).toBe(
      Math.round(((chips?.energyKj100g ?? 0) * (chips?.servingSize ?? 0)) / 100),
    );
    expect(chips?.servingUnit).toBe("g");
    const halaal = t.productExtendedData.filter((row) => ProductExtendedData.parse(row.data).halaal).length;
    expect(share(halaal, t.productExtendedData.length)).toBeGreaterThan(0.5);
  });

  it("has a generated picture for about 93% of SKUs and none for the rest", () => {
    expect(share(t.productImages.length, t.products.length)).toBeGreaterThan(0.9);
    expect(share(t.productImages.length, t.products.length)).toBeLessThan(0.96);
    for (const image of t.productImages) {
      const svg = (image.data as Buffer).toString("utf8");
      expect(image).toMatchObject({
        position: 0,
        isCover: true,
        mimeType: "image/svg+xml",
        width: 600,
        height: 600,
      });
      expect(image.contentHash).toBe(contentHash(image.data as Buffer));
      expect(image.contentHash).toMatch(/^[0-9a-f]{32}$/);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/);
      expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
      expect(svg.length).toBeLessThan(2_500);
    }
  });

  it("keeps stock of every SKU in each of the 7 warehouses, a few sold out or nearly", () => {
    expect(t.stock).toHaveLength(t.products.length * WAREHOUSES.length);
    const zero = t.stock.filter((s) => s.onHand === 0).length;
    const few = t.stock.filter((s) => s.onHand >= 1 && s.onHand <= 3).length;
    expect(share(zero, t.stock.length)).toBeGreaterThan(0.04);
    expect(share(zero, t.stock.length)).toBeLessThan(0.06);
    expect(few).toBeGreaterThan(0);
    for (const s of t.stock) expect(s.onHand >= 0 && s.onHand <= 500).toBe(true);
  });

  it("has Standard, Wholesale and Spaza Saver price lists per tenant, the latter two a few % lower", () => {
    expect(t.priceLists.map((l) => `${l.tenantId} ${l.name}`)).toEqual([
      "gauteng Standard",
      "gauteng Wholesale",
      "gauteng Spaza Saver",
      "coastal Standard",
      "coastal Wholesale",
      "coastal Spaza Saver",
    ]);
    const list = new Map(t.products.map((p) => [p.skuCode, p.listPriceCents]));
    const names = new Map(t.priceLists.map((l) => [l.id, l.name]));
    expect(t.priceListPrices).toHaveLength(t.products.length * 6);
    for (const price of t.priceListPrices) {
      const standard = list.get(price.skuCode) ?? 0;
      if (names.get(price.priceListId) === "Standard") expect(price.listPriceCents).toBe(standard);
      else {
        expect(price.listPriceCents).toBeLessThanOrEqual(standard);
        expect(price.listPriceCents).toBeGreaterThanOrEqual(Math.floor(standard * 0.93));
      }
    }
  });

  it("runs deals on about 12% of SKUs per tenant, from before the reference date into next year", () => {
    for (const tenant of ["gauteng", "coastal"]) {
      const deals = t.deals.filter((d) => d.tenantId === tenant);
      expect(share(deals.length, t.products.length)).toBeCloseTo(0.12, 2);
      expect(new Set(deals.map((d) => d.dealReference)).size).toBe(deals.length);
      expect(new Set(deals.map((d) => d.skuCode)).size).toBe(deals.length);
    }
    for (const deal of t.deals) {
      expect(deal.dealReference).toMatch(/^DL-2026-\d{4}$/);
      expect(deal.description).toBe(`Buy ${deal.minQuantity}+ save ${deal.discountPercent}%`);
      expect(deal.minQuantity).toBeGreaterThanOrEqual(2);
      expect(deal.minQuantity).toBeLessThanOrEqual(12);
      expect(Number(deal.discountPercent)).toBeGreaterThanOrEqual(5);
      expect(Number(deal.discountPercent)).toBeLessThanOrEqual(20);
      expect(new Date(deal.startsAt).getTime()).toBeLessThan(reference.getTime());
      expect(new Date(deal.endsAt).toISOString()).toBe("2027-12-31T21:59:59.000Z");
    }
  });
});

describe("demo customers and users", () => {
  const customer = (accountId: string) => t.customers.find((c) => c.accountId === accountId);

  it("has the three fixed accounts of docs/demo-data.md", () => {
    expect(customer("CUS0001")).toMatchObject({
      tenantId: "gauteng",
      name: "Trader's Wholesale",
      isLiquorCustomer: true,
      creditLimitCents: 15_000_000,
    });
    expect(customer("CUS0001")?.dcBalanceCents).toBeGreaterThan(0);
    expect(customer("CUS0002")).toMatchObject({
      tenantId: "gauteng",
      name: "Spaza Corner Store",
      isLiquorCustomer: false,
      creditLimitCents: 500_000,
    });
    expect(customer("CUS0002")?.dcBalanceCents).toBeGreaterThan(0);
    expect(customer("CUS0002")?.dcBalanceCents).toBeLessThan(250_000);
    expect(customer("CUS0003")).toMatchObject({
      tenantId: "gauteng",
      name: "New Shop Trading",
      contactEmail: "newshop@demo.shop",
      contactCellphone: "+27820000003",
    });
  });

  it("has about 40 more customers over both tenants, each complete and on its tenant's price list", () => {
    expect(t.customers.length).toBeGreaterThanOrEqual(40);
    expect(t.customers.filter((c) => c.tenantId === "coastal").length).toBeGreaterThanOrEqual(15);
    expect(new Set(t.customers.map((c) => c.accountId)).size).toBe(t.customers.length);
    const listTenant = new Map(t.priceLists.map((l) => [l.id, l.tenantId]));
    const codes = WAREHOUSES.map((w) => w.code as string);
    for (const c of t.customers) {
      expect(listTenant.get(c.pricelistId)).toBe(c.tenantId);
      expect(codes).toContain(c.stockingWarehouseCode);
      for (const field of [
        "address1",
        "address2",
        "address3",
        "address4",
        "addressPc",
        "contactName",
        "contactEmail",
        "contactCellphone",
        "taxNumber",
      ] as const) {
        expect(c[field], `${c.accountId} ${field}`).toBeTruthy();
      }
      expect(c.contactCellphone).toMatch(/^\+27\d{9}$/);
      const addresses = t.customerAddresses.filter((a) => a.customerId === c.id);
      expect(addresses.length).toBeGreaterThanOrEqual(1);
      expect(addresses.length).toBeLessThanOrEqual(3);
      expect(addresses.filter((a) => a.isDefault)).toHaveLength(1);
    }
  });

  it("has the five demo logins with their roles, tenants and accounts, and none for CUS0003", () => {
    const roleName = new Map(t.roles.map((r) => [r.id, r.name]));
    const accountOf = new Map(t.customers.map((c) => [c.id, c.accountId]));
    const logins = t.users.map((u) => ({
      username: u.username,
      email: u.email,
      account: u.customerId ? accountOf.get(u.customerId) : undefined,
      roles: t.userRoles.filter((r) => r.userId === u.id).map((r) => roleName.get(r.roleId)),
      tenants: t.userTenants.filter((x) => x.userId === u.id).map((x) => x.tenantId),
    }));
    expect(logins).toEqual([
      {
        username: "trader",
        email: "trader@demo.shop",
        account: "CUS0001",
        roles: ["Customer"],
        tenants: ["gauteng"],
      },
      {
        username: "spaza",
        email: "spaza@demo.shop",
        account: "CUS0002",
        roles: ["Customer"],
        tenants: ["gauteng"],
      },
      {
        username: "staff",
        email: "staff@demo.shop",
        account: undefined,
        roles: ["Staff", "NoImage"],
        tenants: ["gauteng", "coastal"],
      },
      {
        username: "admin",
        email: "admin@demo.shop",
        account: undefined,
        roles: ["Admin"],
        tenants: ["gauteng", "coastal"],
      },
      {
        username: "rep",
        email: "rep@demo.shop",
        account: undefined,
        roles: ["Rep"],
        tenants: ["coastal"],
      },
    ]);
    const accountOfId = new Map(t.customers.map((c) => [c.id, `${c.tenantId}/${c.accountId}`]));
    expect(t.repAccounts.map((a) => accountOfId.get(a.customerId))).toEqual([
      "coastal/CUS0040",
      "coastal/CUS0041",
      "coastal/CUS0042",
    ]);
    for (const user of t.users) {
      expect(user.firstname).toMatch(/^[A-Z]/);
      expect(user.lastname).toBeTruthy();
    }
  });
});

describe("demo orders", () => {
  const linesOf = (orderId: number) => t.orderLines.filter((l) => l.orderId === orderId);
  const historyOf = (orderId: number) => t.orderStatusHistory.filter((h) => h.orderId === orderId);

  it("has orders in every back-office status, for trader and spaza too", () => {
    expect(new Set(t.orders.map((o) => o.currentPastelStatus))).toEqual(new Set(ORDER_STATUSES));
    for (const accountId of ["CUS0001", "CUS0002"]) {
      const id = t.customers.find((c) => c.accountId === accountId)?.id;
      const mine = t.orders.filter((o) => o.customerId === id);
      expect(new Set(mine.map((o) => o.currentPastelStatus))).toEqual(new Set(ORDER_STATUSES));
      expect(mine.length).toBeGreaterThan(20);
    }
    expect(
      t.orders.some((o) => o.customerId === t.customers.find((c) => c.accountId === "CUS0003")?.id),
    ).toBe(false);
  });

  it("spreads orders over the last 12 months, numbered TS and six digits", () => {
    for (const order of t.orders) {
      const created = new Date(order.createdDate as Date).getTime();
      expect(created).toBeLessThanOrEqual(reference.getTime());
      expect(created).toBeGreaterThan(reference.getTime() - 367 * DAY_MS);
      expect(order.orderId).toMatch(/^TS\d{6}$/);
    }
    expect(new Set(t.orders.map((o) => o.orderId)).size).toBe(t.orders.length);
    expect(new Set(t.orders.map((o) => o.orderReference)).size).toBe(t.orders.length);
  });

  it("totals every order as the sum of its lines, each priced by the line rules", () => {
    const dealsByRef = new Map(t.deals.map((d) => [`${d.tenantId}/${d.dealReference}`, d]));
    for (const order of t.orders) {
      const lines = linesOf(order.id as number);
      expect(lines.length).toBeGreaterThan(0);
      expect(order.totalExclCents).toBe(lines.reduce((sum, l) => sum + l.totalExclCents, 0));
      expect(order.totalInclCents).toBe(lines.reduce((sum, l) => sum + l.totalInclCents, 0));
      expect(order.discountCents).toBe(lines.reduce((sum, l) => sum + (l.assignedDiscount ?? 0), 0));
      for (const line of lines) {
        const deal = line.dealReference
          ? dealsByRef.get(`${order.tenantId}/${line.dealReference}`)
          : undefined;
        const repriced = priceLine({
          listPriceExclCents: line.listPriceExclCents,
          vatRate: Number(line.vatRate),
          quantity: line.quantity,
          deal: deal && { ...deal, discountPercent: Number(deal.discountPercent) },
        });
        expect(line.unitPriceExclCents).toBe(repriced.unitPriceExclCents);
        expect(line.totalInclCents).toBe(repriced.totalInclCents);
        expect(line.dealReference).toBe(repriced.dealReference);
      }
    }
  });

  it("sells liquor only to liquor-licensed customers", () => {
    const licensed = new Map(t.customers.map((c) => [c.id, c.isLiquorCustomer]));
    const liquor = new Set(t.products.filter((p) => p.isLiquor).map((p) => p.skuCode));
    const orderCustomer = new Map(t.orders.map((o) => [o.id, o.customerId]));
    for (const line of t.orderLines) {
      if (liquor.has(line.skuCode)) expect(licensed.get(orderCustomer.get(line.orderId) ?? 0)).toBe(true);
    }
    expect(t.orderLines.some((line) => liquor.has(line.skuCode))).toBe(true);
  });

  it("keeps a status history that follows the back-office path", () => {
    for (const order of t.orders) {
      const history = historyOf(order.id as number);
      const statuses = history.map((h) => h.status);
      const times = history.map((h) => new Date(h.changedAt as Date).getTime());
      expect(statuses[0]).toBe("Pending");
      expect(times[0]).toBe(new Date(order.createdDate as Date).getTime());
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(statuses.at(-1)).toBe(order.currentPastelStatus);
      expect(new Date(order.lastPastelStatusUpdate as Date).getTime()).toBe(times.at(-1));
      for (const h of history)
        expect(Boolean(h.reason)).toBe(h.status === "On Hold" || h.status === "Rejected");
      expect(Boolean(order.pastelStatusReason)).toBe(
        order.currentPastelStatus === "On Hold" || order.currentPastelStatus === "Rejected",
      );
      const flow = statuses.filter((s) => s !== "On Hold" && s !== "Rejected");
      expect(flow).toEqual(
        ["Pending", "Submitted", "Picking", "Invoiced", "Dispatched", "Delivered"].slice(0, flow.length),
      );

      for (const line of linesOf(order.id as number)) {
        expect(Boolean(line.pastelSalesOrderNumber)).toBe(statuses.includes("Submitted"));
        expect(Boolean(line.pastelInvoiceNumber)).toBe(statuses.includes("Invoiced"));
        if (line.pastelSalesOrderNumber) expect(line.pastelSalesOrderNumber).toMatch(/^SO\d{6}$/);
        if (line.pastelInvoiceNumber) expect(line.pastelInvoiceNumber).toMatch(/^INV\d{6}$/);
      }
    }
  });

  it("keeps trader's and spaza's open orders well inside their remaining credit", () => {
    for (const accountId of ["CUS0001", "CUS0002"]) {
      const c = t.customers.find((x) => x.accountId === accountId);
      const open = t.orders
        .filter(
          (o) =>
            o.customerId === c?.id &&
            NOT_YET_INVOICED.includes(o.currentPastelStatus as (typeof ORDER_STATUSES)[number]),
        )
        .reduce((sum, o) => sum + o.totalInclCents, 0);
      const room = (c?.creditLimitCents ?? 0) - (c?.dcBalanceCents ?? 0);
      expect(open).toBeGreaterThan(0);
      expect(open).toBeLessThan(room / 2);
    }
  });
});

describe("barcodes", () => {
  it("gives demo products South African EAN-13s with the GS1 check digit", () => {
    expect(demoGtin(1, 7)).toBe("6000001000072");
    expect(isValidEan13(demoGtin(1007, 10))).toBe(true);
    expect(isValidEan13("4006381333931")).toBe(true);
    expect(isValidEan13("4006381333932")).toBe(false);
    expect(isValidEan13("400638133393")).toBe(false);
  });
});
