/** Shown while route code loads; plain markup so it needs no theme. */
export function BootFallback({ label }: { label?: string }) {
  return (
    <div className="boot-fallback" role="status" aria-live="polite">
      <div className="boot-spinner" aria-hidden />
      <span className="visually-hidden">{label ?? 'Memuat… / Loading…'}</span>
    </div>
  );
}
