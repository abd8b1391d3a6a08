import { formatCount } from '@shared/format/number';
import { plural } from '@shared/format/words';
import { Link } from 'react-router-dom';
import { formatNewYorkTime } from '@shared/format/time';
import { ApiError } from '@web/lib/api-client';
import { Button, buttonClass } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import {
  useActivatePowerUp,
  useGamificationState,
  usePurchaseReward,
  useUpdateGameSettings,
  type GameSettings,
  type GamificationState,
} from '@web/api/gamification';
import { Card, GamePage, ProgressBar, useNow } from './game-ui';

/** /app/gamification/profile — level, XP, rank tier, streak, Options Coins, rewards, power-ups, settings (issue 19). */
export default function GamificationProfilePage() {
  usePageMeta({
    title: 'Gamification Profile',
    description: 'Your level, XP, rank, streaks, Options Coins and leaderboard positions.',
    path: '/app/gamification/profile',
    noindex: true,
  });
  const { data: s, error } = useGamificationState();
  return (
    <GamePage title="Gamification Profile" intro="Your level, XP, rank, streak and Options Coins, earned on the server from what you actually do.">
      {error ? (
        <p role="alert" className="text-red-800">
          {error.message}
        </p>
      ) : !s ? (
        <Spinner />
      ) : (
        <Profile s={s} />
      )}
    </GamePage>
  );
}

function Profile({ s }: { s: GamificationState }) {
  const unlocked = s.unlockedAchievements.length;
  const recent = [...s.unlockedAchievements]
    .reverse()
    .slice(0, 4)
    .map((id) => s.achievements.find((a) => a.id === id))
    .filter((a) => !!a);
  const global = s.userRanks.global ?? 0;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="lg:col-span-2" data-testid="profile-level">
        <div className="flex flex-wrap items-center gap-4">
          <div
            className="flex h-20 w-20 shrink-0 flex-col items-center justify-center rounded-full border-[6px] bg-white"
            style={{ borderColor: s.rank.color }}
          >
            <span className="text-xs font-semibold uppercase text-slate-600">Level</span>
            <span className="text-3xl font-black leading-none text-slate-900">{s.level}</span>
          </div>
          <div className="min-w-0 flex-1 space-y-1">
            <h2 className="text-xl font-bold text-slate-900">{s.levelName}</h2>
            <p className="text-sm text-slate-700">
              {s.rank.theme} theme · levels {s.rank.minLevel}-{s.rank.maxLevel} · {s.rank.focus}
            </p>
            <ProgressBar current={s.currentXP} total={s.xpForNextLevel} label="XP to the next level" color={s.rank.color} />
            <p className="text-sm text-slate-700">
              {s.level < 100 ? `${formatCount(s.xpToNextLevel)} XP to level ${s.level + 1}` : 'Top level reached'} · {formatCount(s.totalXP)} XP in total
            </p>
          </div>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat label="Current streak" value={plural(s.currentStreak, 'day')} />
          <Stat label="Longest streak" value={plural(s.longestStreak, 'day')} />
          <Stat label="Options Coins" value={formatCount(s.optionsCoins)} testId="profile-coins" />
          <Stat label="Global rank" value={global > 0 ? `#${formatCount(global)}` : '—'} />
        </dl>
        <p className="mt-3 text-xs text-slate-600">
          A streak day is a New York trading day with a trade, a lesson, a passed quiz or a journal reflection; weekends and market holidays neither count nor
          break it. Streak freezes held: {s.streakFreezes}.
        </p>
      </Card>

      <Card>
        <h2 className="font-semibold text-slate-900">Milestones</h2>
        {s.unlockedFeatures.length > 0 && <p className="mt-1 text-sm text-slate-700">Reached at this level: {s.unlockedFeatures.join(', ')}</p>}
        {s.nextUnlocks ? (
          <p className="mt-1 text-sm text-slate-700">
            Next at level {s.nextUnlocks.level}: {s.nextUnlocks.features.join(', ')}
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-700">Every milestone reached.</p>
        )}
        <p className="mt-2 text-xs text-slate-600">Milestones are perks and badges: every feature of the academy is open to you at any level.</p>
        <h2 className="mt-4 font-semibold text-slate-900">Achievements</h2>
        <p className="text-sm text-slate-700">
          {unlocked} of {s.achievements.length} unlocked
        </p>
        {recent.length > 0 && (
          <ul className="mt-1 space-y-1 text-sm">
            {recent.map((a) => (
              <li key={a.id}>
                <span aria-hidden>{a.icon}</span> {a.name}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to="/app/gamification/achievements" className={buttonClass('secondary')}>
            Achievements
          </Link>
          <Link to="/app/gamification/challenges" className={buttonClass('secondary')}>
            Challenges
          </Link>
          <Link to="/app/gamification/leaderboards" className={buttonClass('secondary')}>
            Leaderboards
          </Link>
        </div>
      </Card>

      <Rewards s={s} />
      <Settings settings={s.settings} />
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-lg font-bold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Rewards({ s }: { s: GamificationState }) {
  const purchase = usePurchaseReward();
  const activate = useActivatePowerUp();
  const failed = purchase.error ?? activate.error;
  const now = new Date(useNow()).toISOString();
  return (
    <Card className="lg:col-span-2" aria-labelledby="rewards-heading">
      <h2 id="rewards-heading" className="font-semibold text-slate-900">
        Rewards
      </h2>
      <p className="text-sm text-slate-700">
        Options Coins buy cosmetics, streak freezes and study boosts, never anything that changes a trade. You have{' '}
        <strong>{formatCount(s.optionsCoins)}</strong> coins.
      </p>
      {failed && (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failed instanceof ApiError ? failed.message : 'That did not work. Please try again.'}
        </p>
      )}
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {s.rewards.map((r) => {
          const owned = r.kind === 'cosmetic' && s.purchasedRewards.includes(r.id);
          const held = r.kind === 'power_up' ? (s.powerUpInventory[r.id] ?? 0) : r.kind === 'streak_freeze' ? s.streakFreezes : 0;
          const active = s.activePowerUps.find((p) => p.id === r.id && p.expiresAt > now);
          return (
            <li key={r.id} className="flex items-start gap-3 rounded-lg border border-slate-200 p-3" data-testid={`reward-${r.id}`}>
              <span aria-hidden className="text-2xl">
                {r.icon}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">{r.name}</p>
                <p className="text-xs text-slate-700">{r.description}</p>
                {r.kind !== 'cosmetic' && <p className="text-xs text-slate-600">Held: {held}</p>}
                {active && <p className="text-xs font-medium text-emerald-800">Active until {formatNewYorkTime(active.expiresAt)}</p>}
                <div className="mt-2 flex flex-wrap gap-2">
                  {owned ? (
                    <span className="text-sm font-medium text-emerald-800">Owned</span>
                  ) : (
                    <Button variant="secondary" disabled={purchase.isPending} onClick={() => purchase.mutate(r.id)}>
                      Buy for {r.cost} coins
                    </Button>
                  )}
                  {r.kind === 'power_up' && held > 0 && !active && (
                    <Button disabled={activate.isPending} onClick={() => activate.mutate(r.id)}>
                      Activate
                    </Button>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

const TOGGLES: { key: 'notifications' | 'sounds' | 'animations'; label: string; help: string }[] = [
  { key: 'notifications', label: 'Notifications', help: 'XP toasts and the level-up window' },
  { key: 'sounds', label: 'Sounds', help: 'A short chime on a level-up' },
  { key: 'animations', label: 'Animations', help: 'Fades, particles and confetti (your system’s reduced-motion setting also turns them off)' },
];
const CORNERS: { value: GameSettings['widgetPosition']; label: string }[] = [
  { value: 'top-right', label: 'Top right' },
  { value: 'top-left', label: 'Top left' },
  { value: 'bottom-right', label: 'Bottom right' },
  { value: 'bottom-left', label: 'Bottom left' },
];

function Settings({ settings }: { settings: GameSettings }) {
  const update = useUpdateGameSettings();
  return (
    <Card aria-labelledby="settings-heading">
      <h2 id="settings-heading" className="font-semibold text-slate-900">
        Settings
      </h2>
      <ul className="mt-2 space-y-2">
        {TOGGLES.map((t) => (
          <li key={t.key}>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1 h-4 w-4"
                checked={settings[t.key]}
                disabled={update.isPending}
                onChange={(e) => update.mutate({ [t.key]: e.target.checked })}
              />
              <span>
                <span className="font-medium text-slate-900">{t.label}</span>
                <span className="block text-xs text-slate-600">{t.help}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <label className="mt-3 block text-sm font-medium text-slate-900" htmlFor="widget-corner">
        Widget position
      </label>
      <select
        id="widget-corner"
        className="mt-1 w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
        value={settings.widgetPosition}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ widgetPosition: e.target.value as GameSettings['widgetPosition'] })}
      >
        {CORNERS.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      {update.error && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {update.error.message}
        </p>
      )}
    </Card>
  );
}
