// Rand as people read it, for messages the server writes (SPEC §5: spaces, not commas,
// between thousands): 123456 cents -> "R1 234.56".
export function formatRandPlain(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  return `${sign}R${whole}.${String(abs % 100).padStart(2, "0")}`;
}
