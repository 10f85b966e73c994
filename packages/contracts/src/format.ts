// How the shop writes rand, on every screen and in the messages the server writes (SPEC §5):
// "R1 234.56", prefix R, a space between thousands (not a comma), a point before the cents.

/** Cents as rand, rounded to the whole cent: 123456 -> "R1 234.56", -50 -> "-R0.50". */
export function formatRandCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  return `${sign}R${whole}.${String(abs % 100).padStart(2, "0")}`;
}
