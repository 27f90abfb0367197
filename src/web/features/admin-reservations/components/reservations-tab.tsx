/** Placeholder until the tab is built. */
export function ReservationsTab() {
  return <p className="text-slate-600">Coming in this change.</p>;
}
