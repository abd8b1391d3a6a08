import { formatCount } from '@shared/format/number';
import { useState } from 'react';
import { ACHIEVEMENT_CATEGORIES, RARITIES } from '@shared/gamification/catalogue';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import { useGamificationState, type GamificationState } from '@web/api/gamification';
import { capitalise, GamePage, ProgressBar, RarityBadge } from './game-ui';

type Filter = 'all' | 'unlocked' | 'locked';

/** /app/gamification/achievements — the achievements (the spec's 30 and issue 39's Planned Season) by category and rarity, unlocked or locked, with progress (issue 19). */
export default function AchievementsPage() {
  usePageMeta({
    title: 'Achievements',
    description: 'Thirty achievements in eight categories, from first steps to risk management, with your progress toward each.',
    path: '/app/gamification/achievements',
    noindex: true,
  });
  const { data: s, error } = useGamificationState();
  return (
    <GamePage
      title="Achievements"
      intro="Thirty achievements in eight categories. Each unlocks once, when its progress reaches the total, and adds its XP and Options Coins."
      aside={
        s && (
          <p className="text-lg font-bold text-slate-900" data-testid="achievements-count">
            {s.unlockedAchievements.length} / {s.achievements.length} unlocked
          </p>
        )
      }
    >
      {error ? (
        <p role="alert" className="text-red-800">
          {error.message}
        </p>
      ) : !s ? (
        <Spinner />
      ) : (
        <Catalogue s={s} />
      )}
    </GamePage>
  );
}

function Catalogue({ s }: { s: GamificationState }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [rarity, setRarity] = useState<string>('all');
  const unlocked = new Set(s.unlockedAchievements);
  const shown = s.achievements.filter((a) => (filter === 'all' || (filter === 'unlocked') === unlocked.has(a.id)) && (rarity === 'all' || a.rarity === rarity));
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <fieldset className="flex gap-1">
          <legend className="sr-only">Show</legend>
          {(['all', 'unlocked', 'locked'] as const).map((f) => (
            <label
              key={f}
              className={`cursor-pointer rounded-full px-3 py-1 font-medium ring-1 ring-inset ${filter === f ? 'bg-brand-700 text-white ring-brand-700' : 'ring-slate-300'}`}
            >
              <input type="radio" name="achievement-filter" className="sr-only" checked={filter === f} onChange={() => setFilter(f)} />
              {capitalise(f)}
            </label>
          ))}
        </fieldset>
        <label className="flex items-center gap-2">
          Rarity
          <select className="rounded-lg border border-slate-300 px-2 py-1" value={rarity} onChange={(e) => setRarity(e.target.value)}>
            <option value="all">All</option>
            {RARITIES.map((r) => (
              <option key={r} value={r}>
                {capitalise(r)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {ACHIEVEMENT_CATEGORIES.map((category) => {
        const list = shown.filter((a) => a.category === category);
        if (list.length === 0) return null;
        const inCategory = s.achievements.filter((a) => a.category === category);
        return (
          <section key={category} aria-labelledby={`cat-${category}`}>
            <h2 id={`cat-${category}`} className="mb-2 text-lg font-semibold text-slate-900">
              {capitalise(category)}{' '}
              <span className="text-sm font-normal text-slate-600">
                {inCategory.filter((a) => unlocked.has(a.id)).length} / {inCategory.length}
              </span>
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {list.map((a) => {
                const done = unlocked.has(a.id);
                const p = s.achievementProgress[a.id] ?? { current: 0, total: a.requirement_value };
                return (
                  <li
                    key={a.id}
                    data-testid={`achievement-${a.id}`}
                    className={`rounded-xl border p-3 ${done ? 'border-emerald-300 bg-emerald-50/60' : 'border-slate-200 bg-white'}`}
                  >
                    <div className="flex items-start gap-3">
                      <span aria-hidden className={`text-3xl ${done ? '' : 'opacity-50 grayscale'}`}>
                        {a.icon}
                      </span>
                      <div className="min-w-0 flex-1">
                        <div className="flex flex-wrap items-center gap-2">
                          <h3 className="font-semibold text-slate-900">{a.name}</h3>
                          <RarityBadge rarity={a.rarity} />
                        </div>
                        <p className="text-sm text-slate-700">{a.description}</p>
                        <p className={`text-xs font-semibold ${done ? 'text-emerald-800' : 'text-slate-600'}`}>{done ? 'Unlocked' : 'Locked'}</p>
                      </div>
                    </div>
                    <div className="mt-2">
                      <ProgressBar current={p.current} total={p.total} label={`${a.name} progress`} />
                    </div>
                    <p className="mt-1 text-xs text-slate-600">
                      {a.requirement} · {formatCount(a.xpReward)} XP · {formatCount(a.coinReward)} coins
                    </p>
                    {!done && a.hint && <p className="mt-1 text-xs text-slate-600">Hint: {a.hint}</p>}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      {shown.length === 0 && <p className="text-slate-700">No achievement matches these filters.</p>}
    </div>
  );
}
