/** Spec part 1 §2: a note under the top bar that the academy is about learning. */
export function LearningFocusNote() {
  return (
    <p className="border-b border-slate-200 bg-white px-4 py-2 text-center text-xs text-slate-600">
      <span className="font-semibold text-slate-700">Learning focus:</span> practise, review your trades and build skill. The goal here is understanding, not
      profit.
    </p>
  );
}
