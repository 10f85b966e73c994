// /account-dashboard: the customer's account at a glance. Balance against credit (a chart and
// the figures), spend per month, what they buy most, their latest orders and who they are in
// the back office. Balance, credit and order status follow the real-time stream.
import type { ReactNode } from "react";
import { useDocumentTitle } from "@/lib/use-document-title";
import { Loading } from "@/lib/ui/loading";
import { LoginPrompt } from "@/lib/ui/login-prompt";
import { useShopper } from "@/entities/shopper";
import { useCreditDetails, useCustomerDetails } from "@/entities/account";
import { Link } from "react-router";
import { appRoutes } from "@trade-shop/contracts/routes";
import { formatRand } from "@/lib/format";
import { buttonClass } from "@/lib/ui/button-styles";
import { useSpendPerMonth } from "./api/reports";
import { useStatementFigures } from "./api/statements";
import { AgeingBar } from "./components/ageing-bar";
import { CreditChart } from "./components/credit-chart";
import { CustomerCard } from "./components/customer-card";
import { RecentOrders } from "./components/recent-orders";
import { ReportState } from "./components/report-state";
import { SpendChart } from "./components/spend-chart";
import { TopProducts } from "./components/top-products";
import { creditBreakdown } from "./credit-breakdown";
import { statementMonths } from "./statement-months";

function Panel({
  title,
  id,
  className = "",
  children,
}: {
  title: string;
  id: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border border-line bg-surface p-4 sm:p-5 ${className}`}
    >
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Dashboard() {
  const customer = useCustomerDetails();
  const credit = useCreditDetails();
  const spend = useSpendPerMonth();
  const statement = useStatementFigures(statementMonths(new Date(), 1)[0]!.value);

  if (customer.isPending) return <Loading label="Loading your account" />;
  if (customer.isError) {
    return (
      <p className="mt-4 rounded-xl border border-line bg-surface p-6">We could not load your account.</p>
    );
  }
  return (
    <>
      <p className="mt-1 text-muted">
        {customer.data.name} · {customer.data.accountId}
      </p>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Panel title="Balance and credit" id="credit-title">
          <ReportState query={credit}>
            {(details) => <CreditChart breakdown={creditBreakdown(details, customer.data.dcBalance)} />}
          </ReportState>
        </Panel>
        <Panel title="Overdue and ageing" id="ageing-title">
          <ReportState query={statement}>
            {(s) => (
              <>
                <AgeingBar ageing={s.ageing} overdue={s.overdue} />
                <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
                  {s.closingBalance > 0 && (
                    <Link to={appRoutes.statements} className={buttonClass("primary")}>
                      {s.overdue > 0 ? `Pay the ${formatRand(s.overdue)} overdue` : "Pay your account"}
                    </Link>
                  )}
                  <Link
                    to={appRoutes.statements}
                    className="inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4"
                  >
                    View statements
                  </Link>
                </div>
              </>
            )}
          </ReportState>
        </Panel>
        <Panel title="Recent orders" id="recent-title">
          <RecentOrders />
        </Panel>
        <Panel title="Spend per month" id="spend-title" className="lg:col-span-2">
          <ReportState query={spend}>{(report) => <SpendChart months={report.months} />}</ReportState>
        </Panel>
        <Panel title="Top products" id="top-title">
          <TopProducts />
        </Panel>
        <Panel title="Account details" id="details-title">
          <CustomerCard customer={customer.data} />
        </Panel>
      </div>
    </>
  );
}

export function AccountDashboardPage() {
  useDocumentTitle("My Account");
  const shopper = useShopper();
  return (
    <section aria-labelledby="page-title" className="py-6 sm:py-8">
      <h1 id="page-title" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        My Account
      </h1>
      {shopper === null ? <LoginPrompt what="account" /> : <Dashboard />}
    </section>
  );
}
