/** A watchlist row's Remove button, named after the row for a screen reader. */
export function RemoveButton({ id, label, busy, onRemove }: { id: string; label: string; busy: boolean; onRemove: (id: string, label: string) => void }) {
  return (
    <button
      type="button"
      className="rounded px-2 py-1 font-medium text-red-800 ring-1 ring-red-200 hover:bg-red-50 disabled:opacity-40"
      onClick={() => onRemove(id, label)}
      disabled={busy}
      aria-label={`Remove ${label}`}
    >
      Remove
    </button>
  );
}
