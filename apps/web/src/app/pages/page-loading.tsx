// What the main area shows while a lazily loaded page or a route check is still on its way.
export function PageLoading() {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-muted">
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-line border-t-brand"
      />
      Loading…
    </div>
  );
}
