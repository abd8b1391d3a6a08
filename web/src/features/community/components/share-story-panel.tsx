import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@web/components/ui/button';
import { QueryState } from '@web/components/query-state';
import {
  ShareTestimonialBody,
  TESTIMONIAL_CONSENT_TEXT,
  TESTIMONIAL_MAX_QUOTE,
  TESTIMONIAL_MAX_NAME,
  TESTIMONIAL_MAX_ROLE,
  type Testimonial,
} from '@shared/community/testimonials';
import { useMyStory, useSaveMyStory, useWithdrawMyStory } from '../api/my-story';

const STATUS_TEXT: Record<Testimonial['status'], { label: string; text: string; style: string }> = {
  pending: {
    label: 'Waiting for review',
    text: 'An operator reads every story before it is shown. Editing it sends it back for review.',
    style: 'bg-amber-100 text-amber-950',
  },
  approved: { label: 'Published', text: 'Your story is on the public landing page.', style: 'bg-brand-100 text-brand-900' },
  rejected: {
    label: 'Not published',
    text: 'An operator decided not to show this story. You can edit it and submit it again.',
    style: 'bg-slate-200 text-slate-800',
  },
};

/** Share one short story for the landing page, with explicit consent; see its status; withdraw it. */
export function ShareStoryPanel({ suggestedName }: { suggestedName: string }) {
  const story = useMyStory();
  return (
    <section aria-labelledby="share-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="share-title" className="text-lg font-semibold text-slate-900">
        Share your experience
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A sentence or two about learning here, shown on the{' '}
        <Link to="/#stories" className="font-medium text-brand-800 underline">
          landing page
        </Link>{' '}
        with the name you choose, once an operator has read it.
      </p>
      <QueryState query={story} errorClassName="mt-4 text-sm text-red-800">
        {(d) => <StoryForm key={d.testimonial?.updatedAt ?? 'new'} current={d.testimonial} suggestedName={suggestedName} />}
      </QueryState>
    </section>
  );
}

function StoryForm({ current, suggestedName }: { current: Testimonial | null; suggestedName: string }) {
  const ids = { quote: useId(), name: useId(), role: useId(), consent: useId(), count: useId() };
  const [quote, setQuote] = useState(current?.quote ?? '');
  const [name, setName] = useState(current?.name ?? suggestedName);
  const [role, setRole] = useState(current?.role ?? '');
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveMyStory();
  const withdraw = useWithdrawMyStory();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const parsed = ShareTestimonialBody.safeParse({ quote, name, role, consent });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the form.');
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ quote: parsed.data.quote, name: parsed.data.name, role: parsed.data.role ?? '', consent: true });
      setSaved(true);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const onWithdraw = async () => {
    setError(null);
    try {
      await withdraw.mutateAsync();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const status = current ? STATUS_TEXT[current.status] : null;
  return (
    <div className="mt-4 space-y-4">
      {current && status && (
        <div className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="story-status">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold text-slate-900">Your story:</span>
            <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${status.style}`}>{status.label}</span>
          </p>
          <p className="mt-1 text-sm text-slate-700">{status.text}</p>
        </div>
      )}
      {saved && (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900 ring-1 ring-brand-100">
          Thank you! Your story is saved and waits for review.
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div>
          <label htmlFor={ids.quote} className="block text-sm font-medium text-slate-800">
            Your story
          </label>
          <textarea
            id={ids.quote}
            rows={3}
            maxLength={TESTIMONIAL_MAX_QUOTE}
            value={quote}
            onChange={(e) => setQuote(e.target.value)}
            aria-describedby={ids.count}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          />
          <p id={ids.count} className="mt-1 text-xs text-slate-600">
            {quote.length} of {TESTIMONIAL_MAX_QUOTE} characters
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.name} className="block text-sm font-medium text-slate-800">
              Name to show
            </label>
            <input
              id={ids.name}
              type="text"
              maxLength={TESTIMONIAL_MAX_NAME}
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="given-name"
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
            />
          </div>
          <div>
            <label htmlFor={ids.role} className="block text-sm font-medium text-slate-800">
              Role (optional)
            </label>
            <input
              id={ids.role}
              type="text"
              maxLength={TESTIMONIAL_MAX_ROLE}
              value={role}
              onChange={(e) => setRole(e.target.value)}
              placeholder="e.g. Teacher, learning since spring"
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
            />
          </div>
        </div>
        <div className="flex items-start gap-3">
          <input
            id={ids.consent}
            type="checkbox"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            className="mt-1 h-4 w-4 rounded border-slate-400 accent-brand-700"
          />
          <label htmlFor={ids.consent} className="text-sm text-slate-700">
            {TESTIMONIAL_CONSENT_TEXT}
          </label>
        </div>
        {error && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : current ? 'Update my story' : 'Share my story'}
          </Button>
          {current && (
            <Button variant="secondary" onClick={() => void onWithdraw()} disabled={withdraw.isPending}>
              {withdraw.isPending ? 'Withdrawing...' : 'Withdraw my story'}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
