// A year of past orders for the demo customers, in every back-office status, priced with the
// shop's own line rules so history, totals and charts agree with what the cart would charge.
import { OrderStatus as OrderStatusSchema, type OrderStatus } from "@trade-shop/contracts/orders";
import { NOT_YET_INVOICED } from "../modules/accounts";
import { STATUS_FLOW } from "../modules/backoffice";
import { orderNumber } from "../modules/orders";
import { priceLine, sumTotals, type PricedLine } from "../modules/pricing";
import type { TenantId } from "./catalogue-data";
import { ON_HOLD_REASONS, REJECTED_REASONS } from "./customer-data";
import type { DemoCustomer, DemoDeal, DemoProduct, Row } from "./types";
import type { Random } from "./random";

// The statuses come from the contracts, what counts against credit from the credit rule. The demo's
// history has every back-office status; orders awaiting approval come from buyers over their limit.
// The demo's orders are in the back office's states; none waits for approval or a payment, or was cancelled.
export const ORDER_STATUSES = OrderStatusSchema.options.filter(
  (s) => s !== "Awaiting approval" && s !== "Awaiting payment" && s !== "Cancelled",
);
export { NOT_YET_INVOICED };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Hours from the step before to this step, low and high. */
const STEP_HOURS: Record<OrderStatus, readonly [number, number]> = {
  "Awaiting approval": [0, 0],
  "Awaiting payment": [0, 0],
  Pending: [0, 0],
  Submitted: [0.02, 0.3],
  Picking: [1, 20],
  Invoiced: [1, 8],
  Dispatched: [2, 20],
  Delivered: [12, 60],
  "On Hold": [0.5, 6],
  Rejected: [0.2, 24],
  Cancelled: [0.1, 2],
};

interface Step {
  status: OrderStatus;
  reason: string | null;
}

/** The statuses an order passed through to reach `status`; `resumedHold` puts a released hold in. */
function pathTo(status: OrderStatus, random: Random, resumedHold: boolean): Step[] {
  const step = (s: OrderStatus): Step => ({ status: s, reason: null });
  if (status === "On Hold")
    return [step("Pending"), step("Submitted"), { status, reason: random.pick(ON_HOLD_REASONS) }];
  if (status === "Rejected") {
    const before = random.chance(0.5) ? ["Pending", "Submitted"] : ["Pending"];
    return [...before.map((s) => step(s as OrderStatus)), { status, reason: random.pick(REJECTED_REASONS) }];
  }
  const flow = STATUS_FLOW.slice(0, STATUS_FLOW.indexOf(status) + 1).map(step);
  if (resumedHold && flow.length > 2)
    flow.splice(2, 0, { status: "On Hold", reason: random.pick(ON_HOLD_REASONS) });
  return flow;
}

/** Times for the steps: typical gaps, squeezed when the order is too young for them. */
function timeSteps(steps: readonly Step[], createdAt: Date, referenceDate: Date, random: Random): Date[] {
  const gaps = steps.map((s, i) => {
    if (i === 0) return 0;
    const [low, high] = STEP_HOURS[s.status];
    // A released hold waits a day or two before picking resumes.
    const afterHold = steps[i - 1]?.status === "On Hold" ? 24 : 0;
    return (random.float(low, high) + afterHold) * HOUR_MS;
  });
  const room = referenceDate.getTime() - createdAt.getTime() - 5 * 60_000;
  const total = gaps.reduce((sum, gap) => sum + gap, 0);
  const scale = total > room ? room / total : 1;
  // The first step is the order's own creation; each later one at least a minute after the last.
  let at = createdAt.getTime();
  return gaps.map((gap, i) => {
    if (i > 0) at += Math.max(60_000, Math.round(gap * scale));
    return new Date(at);
  });
}

export interface OrderInputs {
  random: Random;
  referenceDate: Date;
  products: readonly DemoProduct[];
  /** Price list id -> SKU -> list price excl. VAT in cents. */
  prices: Map<number, Map<string, number>>;
  deals: Map<TenantId, Map<string, DemoDeal>>;
  customers: readonly DemoCustomer[];
  userFor(customer: DemoCustomer): { id: number; username: string } | undefined;
  staffUser: { id: number; username: string };
}

interface PlannedOrder {
  customer: DemoCustomer;
  createdAt: Date;
  status: OrderStatus;
  resumedHold: boolean;
  /** Most the order may come to incl. VAT, in cents, when its value still counts against credit. */
  budgetCents?: number;
}

/** Recent orders of the demo logins, one per status, so every screen has each state to show. */
const SHOWCASE: readonly { status: OrderStatus; ageDays: number }[] = [
  { status: "Pending", ageDays: 0.05 },
  { status: "Submitted", ageDays: 0.12 },
  { status: "Picking", ageDays: 0.9 },
  { status: "On Hold", ageDays: 1.6 },
  { status: "Invoiced", ageDays: 2.2 },
  { status: "Dispatched", ageDays: 3.1 },
  { status: "Delivered", ageDays: 5.2 },
  { status: "Rejected", ageDays: 9.4 },
];

function statusForAge(ageDays: number, random: Random): OrderStatus {
  if (ageDays < 0.25) return random.pick(["Pending", "Submitted"] as const);
  if (ageDays < 1) return random.pick(["Submitted", "Picking", "Picking", "On Hold"] as const);
  if (ageDays < 3)
    return random.pick(["Picking", "Invoiced", "Dispatched", "Dispatched", "On Hold"] as const);
  if (ageDays < 7)
    return random.weighted([
      ["Invoiced", 1],
      ["Dispatched", 2],
      ["Delivered", 6],
      ["Rejected", 1],
    ] as const);
  return random.weighted([
    ["Delivered", 19],
    ["Rejected", 1],
  ] as const);
}

/** During SAST trading hours (07:00 to 18:00), `ageDays` before the reference date or earlier. */
function tradingTime(referenceDate: Date, ageDays: number, random: Random): Date {
  const at = referenceDate.getTime() - ageDays * DAY_MS;
  if (ageDays < 1) return new Date(at);
  const sastHour = ((((at + 2 * HOUR_MS) % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS;
  const wanted = random.float(7, 18);
  return new Date(at + (wanted - sastHour) * HOUR_MS - (wanted > sastHour ? DAY_MS : 0));
}

function planOrders(inputs: OrderInputs): PlannedOrder[] {
  const { random, referenceDate, customers } = inputs;
  const planned: PlannedOrder[] = [];
  for (const customer of customers) {
    if (!customer.hasOrderHistory) continue;
    const login = inputs.userFor(customer);
    const big = customer.channelGroup === "Wholesale" || customer.creditLimitCents >= 10_000_000;
    const historyCount = login ? 26 : big ? random.int(14, 24) : random.int(6, 14);
    for (let i = 0; i < historyCount; i++) {
      const ageDays = random.float(7, 365);
      const status = login ? "Delivered" : statusForAge(ageDays, random);
      planned.push({
        customer,
        createdAt: tradingTime(referenceDate, ageDays, random),
        status,
        resumedHold: status === "Delivered" && random.chance(0.05),
      });
    }
    if (login) {
      // The logins' open orders stay well inside their remaining credit (docs/rules.md).
      const room = customer.creditLimitCents - customer.dcBalanceCents;
      const budget = Math.min(700_000, Math.floor(room / 12));
      for (const { status, ageDays } of SHOWCASE) {
        planned.push({
          customer,
          createdAt: tradingTime(referenceDate, ageDays, random),
          status,
          resumedHold: false,
          ...(NOT_YET_INVOICED.includes(status) || status === "Rejected" ? { budgetCents: budget } : {}),
        });
      }
    } else {
      for (let i = random.int(0, 2); i > 0; i--) {
        const ageDays = random.float(0.05, 7);
        planned.push({
          customer,
          createdAt: tradingTime(referenceDate, ageDays, random),
          status: statusForAge(ageDays, random),
          resumedHold: false,
        });
      }
    }
  }
  return planned.sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.customer.id - b.customer.id,
  );
}

interface Line {
  product: DemoProduct;
  priced: PricedLine;
  deal: DemoDeal | undefined;
}

function chooseLines(order: PlannedOrder, inputs: OrderInputs, random: Random): Line[] {
  const { customer } = order;
  const allowed = inputs.products.filter((p) => customer.isLiquorCustomer || !p.isLiquor);
  const priceList = inputs.prices.get(customer.pricelistId);
  const tenantDeals = inputs.deals.get(customer.tenantId);
  const small = customer.channelGroup === "Informal Retail";
  const wanted = small
    ? random.int(1, 4)
    : customer.channelGroup === "Wholesale"
      ? random.int(3, 12)
      : random.int(2, 8);
  const budget = order.budgetCents ?? Number.POSITIVE_INFINITY;

  const lines: Line[] = [];
  let total = 0;
  const used = new Set<string>();
  for (let tries = 0; lines.length < wanted && tries < wanted * 40; tries++) {
    const product = random.pick(allowed);
    if (used.has(product.skuCode)) continue;
    const listPriceExclCents = priceList?.get(product.skuCode) ?? product.listPriceCents;
    const offered = tenantDeals?.get(product.skuCode);
    const deal =
      offered && offered.startsAt <= order.createdAt && order.createdAt < offered.endsAt
        ? offered
        : undefined;
    let quantity = small ? random.int(1, 3) : random.int(1, customer.channelGroup === "Wholesale" ? 24 : 10);
    // Buyers who know the deal often order up to it.
    if (deal && !small && random.chance(0.4)) quantity = Math.max(quantity, deal.minQuantity);
    const priced = priceLine({ listPriceExclCents, vatRate: product.vatRate, quantity, deal: deal ?? null });
    if (total + priced.totalInclCents > budget) continue;
    used.add(product.skuCode);
    total += priced.totalInclCents;
    lines.push({ product, priced, deal });
  }
  if (lines.length === 0) {
    // Nothing fitted the budget by chance: one pack of the cheapest thing the customer can buy.
    const cheapest = allowed.reduce((best, p) =>
      (priceList?.get(p.skuCode) ?? p.listPriceCents) < (priceList?.get(best.skuCode) ?? best.listPriceCents)
        ? p
        : best,
    );
    const listPriceExclCents = priceList?.get(cheapest.skuCode) ?? cheapest.listPriceCents;
    lines.push({
      product: cheapest,
      priced: priceLine({ listPriceExclCents, vatRate: cheapest.vatRate, quantity: 1 }),
      deal: undefined,
    });
  }
  return lines;
}

export function generateOrders(inputs: OrderInputs) {
  const { random, referenceDate } = inputs;
  const orders: Row<"orders">[] = [];
  const lines: Row<"orderLines">[] = [];
  const history: Row<"orderStatusHistory">[] = [];
  let salesOrders = 0;
  let invoices = 0;

  for (const order of planOrders(inputs)) {
    const id = orders.length + 1;
    const { customer } = order;
    const steps = pathTo(order.status, random, order.resumedHold);
    const times = timeSteps(steps, order.createdAt, referenceDate, random);
    const reached = new Set(steps.map((s) => s.status));
    const salesOrder = reached.has("Submitted") ? `SO${String(240_001 + salesOrders++)}` : null;
    const invoice = reached.has("Invoiced") ? `INV${String(310_001 + invoices++)}` : null;
    const chosen = chooseLines(order, inputs, random);
    const totals = sumTotals(chosen.map((line) => line.priced));
    const login = inputs.userFor(customer);
    const placedBy = login ?? inputs.staffUser;
    const last = steps[steps.length - 1];
    const lastAt = times[times.length - 1];
    if (!last || !lastAt) throw new Error("An order has at least one status");

    orders.push({
      id,
      tenantId: customer.tenantId,
      orderId: orderNumber(id),
      customerId: customer.id,
      userId: placedBy.id,
      orderReference: random.uuid(),
      suppliedId: null,
      accountName: customer.name,
      vatNumber: customer.taxNumber,
      email: customer.contactEmail,
      mobileNumber: customer.contactCellphone,
      address1: customer.address.address1,
      address2: customer.address.address2,
      address3: customer.address.address3,
      address4: customer.address.address4,
      address5: customer.address.address5,
      address6: customer.address.addressPc,
      homeDelivery: customer.deliveryMethod === "Delivery",
      orderType: "Web",
      shipmentMethod: customer.deliveryMethod,
      orderSource: "TradeShop",
      discountCents: totals.assignedDiscountCents,
      totalExclCents: totals.totalExclCents,
      totalInclCents: totals.totalInclCents,
      applyLiqourCheck: true,
      liquorCheck: chosen.some((line) => line.product.isLiquor),
      creditcheckOverride: false,
      repCode: customer.repCode,
      vendorNumber: customer.vendorNumber,
      brand: null,
      paymentId: null,
      payfastPaymentId: null,
      currentPastelStatus: last.status,
      pastelStatusReason: last.reason,
      lastPastelStatusUpdate: lastAt,
      createdBy: placedBy.username,
      createdDate: order.createdAt,
    });
    chosen.forEach(({ product, priced, deal }, index) => {
      lines.push({
        orderId: id,
        lineNumber: index + 1,
        skuCode: product.skuCode,
        productDescription: product.description,
        quantity: priced.quantity,
        vatRate: priced.vatRate,
        listPriceExclCents: priced.listPriceExclCents,
        unitPriceExclCents: priced.unitPriceExclCents,
        totalExclCents: priced.totalExclCents,
        totalInclCents: priced.totalInclCents,
        warehouseCode: customer.stockingWarehouseCode,
        dealReference: priced.dealReference,
        dealDescription: priced.dealDescription,
        dealPercent: priced.dealApplied && deal ? deal.discountPercent : null,
        category: product.category,
        rtCategory: product.rtCategory,
        assignedDiscount: priced.assignedDiscountCents,
        priceManipulated: false,
        priceManipulationReason: null,
        lockedWarehouse: false,
        tradePercent: null,
        pastelSalesOrderNumber: salesOrder,
        pastelInvoiceNumber: invoice,
      });
    });
    steps.forEach((step, index) => {
      history.push({
        id: history.length + 1,
        orderId: id,
        status: step.status,
        reason: step.reason,
        changedAt: times[index] ?? lastAt,
      });
    });
  }
  return { orders, lines, history };
}
