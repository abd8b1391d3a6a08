import { Link } from 'react-router-dom';
import { useGameState } from '@web/api/gamification';
import { useLearningModules, useLearningProgress } from '@web/api/learning';
import { useMe } from '@web/api/me';
import { usePageMeta } from '@web/lib/page-meta';

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200';

/** Initials of a display name ("Grace Hopper" → "GH"), made here: no third-party avatar service. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [...(words[0] ?? 'U')].slice(0, 2);
  return letters.join('').toUpperCase();
}

/** A colour of its own for each learner, from their id, so two learners' avatars differ. */
export function avatarHue(id: string): number {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

/**
 * The learner's profile (issue 20, in part): who they are to others (the display name the spec's fallbacks give: full
 * name, else the e-mail before the at-sign, else User), a locally drawn avatar, member since, and what they have
 * achieved in learning and gamification. Each figure comes from the API that keeps it.
 */
export function ProfilePage() {
  usePageMeta({ title: 'Profile', description: 'Your Options Academy profile.', path: '/app/profile', noindex: true });
  const me = useMe();
  const progress = useLearningProgress();
  const modules = useLearningModules();
  const game = useGameState();
  const name = me.data?.user.displayName ?? '…';
  const since = me.data ? new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(me.data.profile.createdAt)) : '…';
  const completed = (modules.data?.modules ?? []).filter((m) => m.completed);
  const unlocked = new Set(game.data?.unlockedAchievements ?? []);
  const achievements = [
    ...(game.data?.achievements ?? []).filter((a) => unlocked.has(a.id)).map((a) => ({ id: a.id, name: a.name, description: a.description })),
    ...(progress.data?.achievements ?? []).map((a) => ({ id: `learning-${a.id}`, name: a.title, description: a.description })),
  ];
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <section className={`${card} flex flex-wrap items-center gap-5`} aria-labelledby="profile-name">
        <div
          aria-hidden
          className="flex h-20 w-20 shrink-0 items-center justify-center rounded-full text-2xl font-bold text-white"
          style={{ backgroundColor: `hsl(${avatarHue(me.data?.user.id ?? '')} 45% 35%)` }}
          data-testid="avatar"
        >
          {me.data ? initials(name) : ''}
        </div>
        <div className="min-w-0">
          <h1 id="profile-name" className="text-2xl font-bold text-slate-900">
            {name}
          </h1>
          <p className="text-sm text-slate-700">Member since {since}</p>
          <p className="mt-1 text-xs text-slate-600">
            This name shows on leaderboards. Change it in{' '}
            <Link to="/app/settings#account" className="underline">
              Settings
            </Link>
            .
          </p>
        </div>
      </section>
      <section className={card} aria-labelledby="profile-levels">
        <h2 id="profile-levels" className="text-lg font-semibold">
          Levels
        </h2>
        <dl className="mt-3 grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-600">Learning level</dt>
            <dd className="text-lg font-semibold" data-testid="learning-level">
              {progress.data ? `Level ${progress.data.level} · ${progress.data.experience} XP` : '…'}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Gamification level</dt>
            <dd className="text-lg font-semibold" data-testid="game-level">
              {game.data ? `Level ${game.data.level} · ${game.data.levelName}` : '…'}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Rank</dt>
            <dd className="text-lg font-semibold" data-testid="game-rank">
              {game.data ? `${game.data.rank.name}${game.data.userRanks.global ? ` · #${game.data.userRanks.global} overall` : ''}` : '…'}
            </dd>
          </div>
        </dl>
      </section>
      <section className={card} aria-labelledby="profile-modules">
        <h2 id="profile-modules" className="text-lg font-semibold">
          Modules completed ({completed.length} of {modules.data?.modules.length ?? '…'})
        </h2>
        {completed.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">
            None yet.{' '}
            <Link to="/app/learning" className="font-semibold text-brand-700 underline">
              Take your first lesson
            </Link>
          </p>
        ) : (
          <ul className="mt-2 list-inside list-disc text-sm text-slate-800">
            {completed.map((m) => (
              <li key={m.id}>{m.title}</li>
            ))}
          </ul>
        )}
      </section>
      <section className={card} aria-labelledby="profile-achievements">
        <h2 id="profile-achievements" className="text-lg font-semibold">
          Achievements ({achievements.length})
        </h2>
        {achievements.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">None yet: your first paper trade and your first lesson each unlock one.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {achievements.map((a) => (
              <li key={a.id} className="py-2 text-sm" data-testid="achievement">
                <span className="font-medium text-slate-900">{a.name}</span>
                <span className="block text-xs text-slate-600">{a.description}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
