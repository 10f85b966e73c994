// Report months ("2026-03") as the dashboard writes them: "Mar" on a chart axis, "Mar 2026"
// where the year matters. Month names match the shop's dd-MMM-yyyy dates.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

function parts(month: string): { year: string; name: string } {
  const [year = "", number = ""] = month.split("-");
  return { year, name: MONTHS[Number(number) - 1] ?? month };
}

export function shortMonth(month: string): string {
  return parts(month).name;
}

export function monthAndYear(month: string): string {
  const { year, name } = parts(month);
  return name === month ? month : `${name} ${year}`;
}
