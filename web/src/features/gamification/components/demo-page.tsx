import { formatCount } from '@shared/format/number';
import { plural } from '@shared/format/words';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { streakMultiplier } from '@shared/gamification/levels';
import { formatNewYorkTime } from '@shared/format/time';
import { Button, buttonClass } from '@web/components/ui/button';
import { usePageMeta } from '@web/lib/page-meta';
import { useGamificationState } from '@web/api/gamification';
import { demoView, runDemo, startDemo, type DemoAction, type DemoWorld } from '../lib/demo';
import { levelUpOf, mergeLevelUps, type LevelUp } from '../lib/level-up';
import { pushToasts, toastsOf, type Toast } from '../lib/toasts';
import { GamePage, ProgressBar } from './game-ui';
import { LevelUpModal } from './level-up-modal';
import { usePrefersReducedMotion } from './reduced-motion';
import { ToastStack, useToastExpiry } from './xp-toasts';

/** The wall clock for the toasts' timing (the demo world keeps its own clock). */
const wallClock = () => Date.now();

interface TourStep {
  title: string;
  body: string;
  actions: { action: DemoAction; label: string }[];
}

const STEPS: TourStep[] = [
  {
    title: 'Earn XP by learning',
    body: 'A completed lesson earns 10 XP; your first one also unlocks the First Lesson achievement (100 XP). Each award shows as a toast for 3 seconds.',
    actions: [{ action: 'lesson', label: 'Complete a lesson' }],
  },
  {
    title: 'Level up',
    body: 'Going from level L to L + 1 takes 100 × 1.15^L XP (115 from level 1). Extra XP carries over, and a big award can cross several levels at once. A quiz passed the first time earns 50 XP, a completed module 100.',
    actions: [
      { action: 'quiz', label: 'Pass a quiz' },
      { action: 'module', label: 'Complete a module' },
    ],
  },
  {
    title: 'Keep a streak',
    body: 'A streak day is a trading day with a lesson, a passed quiz, a journal reflection or a trade. Weekends and market holidays neither count nor break it. From 3 days every award is multiplied: ×1.25, ×1.5 from 7 days, up to ×2.5 from 90.',
    actions: [
      { action: 'next-day', label: 'Study on the next trading day' },
      { action: 'week', label: 'Study the next 5 trading days' },
    ],
  },
  {
    title: 'Reflect in the journal',
    body: 'A journal entry with a real reflection earns 25 XP. Achievements reward learning and good process: 30 of them in eight categories, each unlocked once.',
    actions: [{ action: 'journal', label: 'Write a journal reflection' }],
  },
  {
    title: 'Claim a challenge',
    body: 'Daily, weekly and monthly challenges end at midnight New York time. A completed one waits for you to claim its Options Coins and XP, once.',
    actions: [{ action: 'claim', label: 'Claim a completed challenge' }],
  },
  {
    title: 'Spend Options Coins',
    body: 'Coins buy cosmetics, study boosts and streak freezes (at most 2 held): never anything that changes a trade. Short of coins, a purchase is refused and nothing is taken.',
    actions: [{ action: 'buy-freeze', label: 'Buy a Streak Freeze (50 coins)' }],
  },
  {
    title: 'Trading stays quiet',
    body: 'The first trade of a day earns 10 XP, but no toast, level-up or confetti ever fires on an order: celebrating trades pushes beginners to trade more, and trading more loses more.',
    actions: [{ action: 'trade', label: 'Place a demo trade' }],
  },
  {
    title: 'Leaderboards',
    body: 'Ten boards rank total XP, learning XP, streaks, achievements and risk-adjusted results (return over drawdown, from 20 closed trades over 10 days), under a pseudonym. Trading more never climbs them.',
    actions: [],
  },
];

/** /app/gamification/demo and /app/demo — a guided tour of the mechanics on a demo state that never touches the learner's real one. */
export default function GamificationDemoPage({ path }: { path: '/app/gamification/demo' | '/app/demo' }) {
  usePageMeta({ title: 'Gamification Demo', description: 'A demonstration of XP toasts, level-ups, achievements and rewards.', path, noindex: true });
  const { data: real } = useGamificationState();
  const reduced = usePrefersReducedMotion();
  const animate = (real?.settings.animations ?? true) && !reduced;
  const [world, setWorld] = useState<DemoWorld>(() => startDemo(new Date()));
  const [step, setStep] = useState(0);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [levelUp, setLevelUp] = useState<LevelUp | null>(null);
  const [log, setLog] = useState<{ id: string; text: string }[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const updateToasts = useCallback((f: (list: Toast[]) => Toast[]) => setToasts(f), []);
  useToastExpiry(toasts, updateToasts);

  const run = (action: DemoAction) => {
    const { world: next, step: result } = runDemo(world, action);
    setWorld(next);
    setMessage(result.message ?? null);
    const now = wallClock();
    const withIds = result.awards.map((a, i) => ({ ...a, id: `${next.seq}-${action}-${i}-${now}` }));
    setToasts((list) => pushToasts(list, toastsOf(withIds, now)));
    const up = levelUpOf(result.awards);
    if (up) setLevelUp((cur) => mergeLevelUps(cur, up));
    setLog((l) =>
      [
        ...withIds.map((a) => ({
          id: a.id,
          text: `+${a.xp} XP${a.coins ? `, +${a.coins} coins` : ''} · ${a.label}${a.multiplier > 1 ? ` (×${a.multiplier} streak)` : ''}${a.quiet ? ' · quiet: no celebration' : ''}`,
        })),
        ...l,
      ].slice(0, 12),
    );
  };
  const reset = () => {
    setWorld(startDemo(new Date()));
    setStep(0);
    setToasts([]);
    setLevelUp(null);
    setLog([]);
    setMessage(null);
  };

  const v = demoView(world);
  const current = STEPS[step]!;
  const challenges = [...v.dailyChallenges, ...v.weeklyChallenges];
  return (
    <GamePage
      title="Gamification Demo"
      intro="A guided tour of XP, levels, streaks, achievements, challenges and coins on a demo learner. Nothing here touches your real XP, coins or ranks."
    >
      <p className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950" data-testid="demo-banner">
        Demo mode: these numbers belong to a demo learner, computed in your browser with the academy’s real rules. Your own progress is on your{' '}
        <Link className="font-semibold underline" to="/app/gamification/profile">
          profile
        </Link>
        .
      </p>
      <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="tour-step" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <p className="text-sm font-medium text-slate-600">
            Step {step + 1} of {STEPS.length}
          </p>
          <h2 id="tour-step" className="text-xl font-bold text-slate-900">
            {current.title}
          </h2>
          <p className="mt-2 text-slate-800">{current.body}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            {current.actions.map((a) => (
              <Button key={a.action} onClick={() => run(a.action)}>
                {a.label}
              </Button>
            ))}
            {step === STEPS.length - 1 && (
              <Link to="/app/gamification/leaderboards" className={buttonClass('primary')}>
                See the leaderboards
              </Link>
            )}
          </div>
          {message && (
            <p role="status" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950" data-testid="demo-message">
              {message}
            </p>
          )}
          <div className="mt-5 flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-3">
            <Button variant="secondary" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
              Back
            </Button>
            <Button variant="ghost" onClick={reset}>
              Start over
            </Button>
            <Button disabled={step === STEPS.length - 1} onClick={() => setStep((s) => s + 1)}>
              Next
            </Button>
          </div>
          <h3 className="mt-5 font-semibold text-slate-900">What the demo learner earned</h3>
          {log.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing yet: try the button above.</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm text-slate-800" data-testid="demo-log">
              {log.map((l) => (
                <li key={l.id}>{l.text}</li>
              ))}
            </ul>
          )}
        </section>

        <aside aria-label="Demo learner" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="demo-state">
          <div className="flex items-center gap-3">
            <span className="flex h-14 w-14 shrink-0 flex-col items-center justify-center rounded-full border-4" style={{ borderColor: v.rank.color }}>
              <span className="text-[10px] font-semibold uppercase text-slate-600">Level</span>
              <span className="text-xl font-black leading-none" data-testid="demo-level">
                {v.level}
              </span>
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-slate-900">{v.levelName}</p>
              <ProgressBar current={v.currentXP} total={v.xpForNextLevel} label="Demo XP to the next level" color={v.rank.color} />
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <Fact label="Total XP" value={formatCount(v.totalXP)} />
            <Fact label="Options Coins" value={String(v.optionsCoins)} testId="demo-coins" />
            <Fact label="Streak" value={plural(v.currentStreak, 'day')} testId="demo-streak" />
            <Fact label="XP multiplier" value={`×${streakMultiplier(v.currentStreak)}`} />
            <Fact label="Achievements" value={`${v.unlockedAchievements.length} / ${v.achievements.length}`} />
            <Fact label="Streak freezes" value={String(v.streakFreezes)} />
          </dl>
          <p className="text-xs text-slate-600">Demo day: {formatNewYorkTime(world.now, world.now)}</p>
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Challenges</h3>
            <ul className="mt-1 space-y-1.5">
              {challenges.map((c) => (
                <li key={c.id} className="text-xs">
                  <span className="flex justify-between gap-2">
                    <span className="font-medium text-slate-900">{c.title}</span>
                    <span className="text-slate-700">
                      {c.status === 'in_progress'
                        ? `${formatCount(c.progress.current)}/${formatCount(c.progress.total)}`
                        : c.status === 'completed'
                          ? 'Completed'
                          : 'Claimed'}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </aside>
      </div>
      <ToastStack toasts={toasts} animate={animate} fromBottom={(real?.settings.widgetPosition ?? 'top-right').startsWith('top')} />
      {levelUp && (
        <LevelUpModal
          key={`${levelUp.from}-${levelUp.to}`}
          levelUp={levelUp}
          animate={animate}
          sound={real?.settings.sounds ?? true}
          onClose={() => setLevelUp(null)}
        />
      )}
    </GamePage>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-bold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
