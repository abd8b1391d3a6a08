import { useId, useState, type FormEvent } from 'react';
import { useCelebrationHold } from '@web/lib/celebration-hold';
import { EMOTIONS, GRADES, OUTLOOKS } from '@shared/journal/entries';
import { useSaveEntry, type EntryBody, type JournalEntry } from '@web/api/journal';
import { Button } from '@web/components/ui/button';
import { FREE_KIND_TEXT } from '../lib/figures';
import { SegmentedControl } from '@web/components/ui/segmented-control';

type Kind = 'trade' | 'daily_plan' | 'weekly_review' | 'note';

interface Props {
  /** The trade this entry reflects on; null for a free entry. */
  tradeId: string | null;
  entry: JournalEntry | null;
  tags: { setup: readonly string[]; mistakes: readonly string[] };
  onSaved?: (entry: JournalEntry, xp: number) => void;
}

const input =
  'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700';
const label = 'block text-sm font-medium text-slate-800';

/**
 * The learner's part of the journal (issue 18; the fields Tradervue, Edgewonk and TradeNote keep): on a trade its thesis, planned exit,
 * confidence, emotions, setup and mistake tags, lesson and grade; a free entry (daily plan, weekly review, note) the
 * same without the trade. 25 XP once, for a real reflection: a setup or a thesis, and a lesson of a few words.
 */
export function EntryForm({ tradeId, entry, tags, onSaved }: Props) {
  const id = useId();
  const save = useSaveEntry();
  const [kind, setKind] = useState<Kind>(entry?.kind ?? (tradeId ? 'trade' : 'daily_plan'));
  const [date, setDate] = useState(entry?.date ?? '');
  const [title, setTitle] = useState(entry?.title ?? '');
  const [thesis, setThesis] = useState(entry?.thesis ?? '');
  const [outlook, setOutlook] = useState<string>(entry?.outlook ?? '');
  const [target, setTarget] = useState(entry?.plannedExit.profitTargetPct?.toString() ?? '');
  const [stop, setStop] = useState(entry?.plannedExit.stop ?? '');
  const [time, setTime] = useState(entry?.plannedExit.time ?? '');
  const [confidence, setConfidence] = useState<number | null>(entry?.confidence ?? null);
  const [before, setBefore] = useState({ choice: entry?.emotionBefore.choice ?? '', text: entry?.emotionBefore.text ?? '' });
  const [after, setAfter] = useState({ choice: entry?.emotionAfter.choice ?? '', text: entry?.emotionAfter.text ?? '' });
  const [setupTags, setSetupTags] = useState<string[]>(entry?.setupTags ?? []);
  const [mistakeTags, setMistakeTags] = useState<string[]>(entry?.mistakeTags ?? []);
  const [lesson, setLesson] = useState(entry?.lesson ?? '');
  const [grade, setGrade] = useState<string>(entry?.grade ?? '');
  const [body, setBody] = useState(entry?.body ?? '');
  const [saved, setSaved] = useState<string | null>(null);
  // No level-up modal over an entry being written (issue 33): it waits until the entry is saved or the form closes.
  useCelebrationHold(saved === null, 'Back to the journal');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(null);
    const payload: EntryBody = {
      tradeId,
      kind: tradeId ? 'trade' : kind,
      ...(date ? { date } : {}),
      title,
      thesis,
      outlook: (outlook || null) as EntryBody['outlook'],
      plannedExit: { profitTargetPct: target ? Number(target) : null, stop, time },
      confidence,
      emotionBefore: { choice: (before.choice || null) as never, text: before.text },
      emotionAfter: { choice: (after.choice || null) as never, text: after.text },
      setupTags,
      mistakeTags,
      lesson,
      grade: (grade || null) as EntryBody['grade'],
      body,
    };
    save.mutate(
      { id: entry?.id ?? null, body: payload },
      {
        onSuccess: (r) => {
          setSaved(r.xpAwarded > 0 ? `Saved. +${r.xpAwarded} XP for a real reflection.` : 'Saved.');
          onSaved?.(r.entry, r.xpAwarded);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={tradeId ? 'Reflection on this trade' : 'Journal entry'}>
      {!tradeId && (
        <div className="grid gap-3 sm:grid-cols-3">
          <label className={label}>
            Kind
            <select className={input} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
              {(['daily_plan', 'weekly_review', 'note'] as const).map((k) => (
                <option key={k} value={k}>
                  {FREE_KIND_TEXT[k]}
                </option>
              ))}
            </select>
          </label>
          <label className={label}>
            Date
            <input type="date" className={input} value={date} onChange={(e) => setDate(e.target.value)} />
          </label>
          <label className={label}>
            Title
            <input className={input} value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
          </label>
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <label className={label}>
          Thesis: your outlook and why this strategy
          <textarea className={input} rows={2} maxLength={2000} value={thesis} onChange={(e) => setThesis(e.target.value)} />
        </label>
        <label className={label}>
          Outlook
          <select className={input} value={outlook} onChange={(e) => setOutlook(e.target.value)}>
            <option value="">—</option>
            {OUTLOOKS.map((o) => (
              <option key={o} value={o}>
                {o[0]!.toUpperCase() + o.slice(1)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {tradeId && (
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-semibold text-slate-900">Planned exit</legend>
          <label className={label}>
            Profit target (% of max profit)
            <input type="number" min={1} max={100} step={1} className={input} value={target} onChange={(e) => setTarget(e.target.value)} />
          </label>
          <label className={label}>
            Stop
            <input className={input} maxLength={200} value={stop} onChange={(e) => setStop(e.target.value)} placeholder="e.g. 2× the credit" />
          </label>
          <label className={label}>
            Time exit
            <input className={input} maxLength={200} value={time} onChange={(e) => setTime(e.target.value)} placeholder="e.g. 21 days to expiry" />
          </label>
        </fieldset>
      )}
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Confidence</legend>
        <SegmentedControl
          label="Confidence from 1 to 5"
          className="mt-1 flex gap-2"
          options={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: n }))}
          value={confidence}
          onSelect={(n) => setConfidence(confidence === n ? null : n)}
          itemClassName={(on) =>
            `h-9 w-9 rounded-full text-sm font-semibold ring-1 ${on ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-800 ring-slate-300'}`
          }
        />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <Emotion id={`${id}-before`} title="Emotion before" value={before} onChange={setBefore} />
        <Emotion id={`${id}-after`} title="Emotion after" value={after} onChange={setAfter} />
      </div>
      <TagPicker title="Setup tags" suggestions={tags.setup} value={setupTags} onChange={setSetupTags} />
      <TagPicker title="Mistake tags" suggestions={tags.mistakes} value={mistakeTags} onChange={setMistakeTags} />
      <label className={label}>
        Lesson learned
        <textarea className={input} rows={2} maxLength={2000} value={lesson} onChange={(e) => setLesson(e.target.value)} />
      </label>
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        <label className={label}>
          Grade
          <select className={input} value={grade} onChange={(e) => setGrade(e.target.value)}>
            <option value="">—</option>
            {GRADES.map((g) => (
              <option key={g}>{g}</option>
            ))}
          </select>
        </label>
        <label className={label}>
          Notes (Markdown)
          <textarea className={`${input} font-mono`} rows={4} maxLength={20000} value={body} onChange={(e) => setBody(e.target.value)} />
        </label>
      </div>
      <p className="text-sm text-slate-600">
        25 XP once {tradeId ? 'for this trade' : 'per kind of entry and day'}, when the entry holds a real reflection: a setup tag or a thesis, and a lesson of
        a few words.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : entry ? 'Save changes' : 'Save entry'}
        </Button>
        {saved && (
          <p role="status" className="text-sm font-medium text-emerald-800">
            {saved}
          </p>
        )}
        {save.isError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {save.error.message}
          </p>
        )}
      </div>
    </form>
  );
}

function Emotion({
  id,
  title,
  value,
  onChange,
}: {
  id: string;
  title: string;
  value: { choice: string; text: string };
  onChange: (v: { choice: string; text: string }) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{title}</legend>
      <div className="mt-1 flex gap-2">
        <select
          aria-label={`${title}: feeling`}
          id={id}
          className={`${input} mt-0 w-40`}
          value={value.choice}
          onChange={(e) => onChange({ ...value, choice: e.target.value })}
        >
          <option value="">—</option>
          {EMOTIONS.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </select>
        <input
          aria-label={`${title}: in your words`}
          className={`${input} mt-0`}
          maxLength={200}
          value={value.text}
          onChange={(e) => onChange({ ...value, text: e.target.value })}
        />
      </div>
    </fieldset>
  );
}

function TagPicker({
  title,
  suggestions,
  value,
  onChange,
}: {
  title: string;
  suggestions: readonly string[];
  value: string[];
  onChange: (v: string[]) => void;
}) {
  const [draft, setDraft] = useState('');
  const all = [...new Set([...suggestions, ...value])];
  const toggle = (t: string) => onChange(value.includes(t) ? value.filter((x) => x !== t) : [...value, t]);
  const add = () => {
    const t = draft.trim().replace(/\s+/g, ' ');
    if (t && !value.some((v) => v.toLowerCase() === t.toLowerCase()) && value.length < 12) onChange([...value, t]);
    setDraft('');
  };
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{title}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {all.map((t) => (
          <button
            key={t}
            type="button"
            aria-pressed={value.includes(t)}
            onClick={() => toggle(t)}
            className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ${value.includes(t) ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-800 ring-slate-300'}`}
          >
            {t}
          </button>
        ))}
        <input
          aria-label={`Add to ${title.toLowerCase()}`}
          className="w-36 rounded-full border border-slate-300 px-3 py-1 text-xs"
          placeholder="Add your own…"
          maxLength={40}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          onBlur={add}
        />
      </div>
    </fieldset>
  );
}
