import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { displayName as fallbackName } from '@shared/users/profile';
import { formatCount } from '@shared/format/number';
import { seedFrom } from '@shared/users/avatar';
import { BIO_MAX, DISPLAY_NAME_MAX, type AvatarKind, type Visibility } from '@shared/users/profile-settings';
import { useGamificationState } from '@web/api/gamification';
import { useLearningModules, useLearningProgress } from '@web/api/learning';
import { useMe, useUpdateProfile } from '@web/api/me';
import { Avatar } from '@web/components/ui/avatar';
import { usePageMeta } from '@web/lib/page-meta';
import { publicProfileHref } from '@web/lib/public-profile';

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200';
const input = 'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';
const primary = 'rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-600';

/** A fresh avatar seed from the browser's random source (only a picture: nothing secret hangs on it). */
const newSeed = () => seedFrom([...crypto.getRandomValues(new Uint8Array(10))]);

/**
 * The learner's profile (issue 20): who they are to others (the name they choose, else the spec's fallbacks: full name,
 * the e-mail before the at-sign, User), a locally drawn avatar, a short bio, member since, what they achieved in
 * learning and gamification, and which of it their public profile shows.
 */
export function ProfilePage() {
  usePageMeta({ title: 'Profile', description: 'Your Options Academy profile.', path: '/app/profile', noindex: true });
  const me = useMe();
  const progress = useLearningProgress();
  const modules = useLearningModules();
  const game = useGamificationState();
  const profile = me.data?.profile;
  const name = me.data?.user.displayName ?? '…';
  const since = profile ? new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(profile.createdAt)) : '…';
  const completed = (modules.data?.modules ?? []).filter((m) => m.completed);
  const unlocked = new Set(game.data?.unlockedAchievements ?? []);
  const achievements = [
    ...(game.data?.achievements ?? []).filter((a) => unlocked.has(a.id)).map((a) => ({ id: a.id, name: a.name, description: a.description })),
    ...(progress.data?.achievements ?? []).map((a) => ({ id: `learning-${a.id}`, name: a.title, description: a.description })),
  ];
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <section className={`${card} flex flex-wrap items-center gap-5`} aria-labelledby="profile-name">
        {profile ? <Avatar name={name} avatar={profile.avatar} /> : <div className="h-20 w-20 rounded-full bg-slate-100" />}
        <div className="min-w-0 flex-1">
          <h1 id="profile-name" className="text-2xl font-bold break-words text-slate-900">
            {name}
          </h1>
          <p className="text-sm text-slate-700">Member since {since}</p>
          {profile?.bio && (
            <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800" data-testid="bio">
              {profile.bio}
            </p>
          )}
          {profile && (
            <Link to={publicProfileHref(profile.publicId)} className="mt-2 inline-block text-sm font-semibold text-brand-700 underline">
              See your public profile as others do
            </Link>
          )}
        </div>
      </section>
      {profile && <AboutYou profile={profile} fallback={fallbackName(profile.name, profile.email)} />}
      {profile && <PublicParts visibility={profile.visibility} />}
      <section className={card} aria-labelledby="profile-levels">
        <h2 id="profile-levels" className="text-lg font-semibold text-slate-900">
          Level and progress
        </h2>
        <dl className="mt-3 grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-600">Course progress</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid="course-progress">
              {progress.data ? `${formatCount(progress.data.completedLessons.length)} lessons done · ${formatCount(progress.data.experience)} course XP` : '…'}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Gamification level</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid="game-level">
              {game.data ? `Level ${game.data.level} · ${game.data.levelName}` : '…'}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Rank</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid="game-rank">
              {game.data ? `${game.data.rank.name}${game.data.userRanks.global ? ` · #${game.data.userRanks.global} overall` : ''}` : '…'}
            </dd>
          </div>
        </dl>
      </section>
      <section className={card} aria-labelledby="profile-modules">
        <h2 id="profile-modules" className="text-lg font-semibold text-slate-900">
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
        <h2 id="profile-achievements" className="text-lg font-semibold text-slate-900">
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

function Message({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <p role={ok ? 'status' : 'alert'} className={`text-sm ${ok ? 'text-emerald-800' : 'text-red-800'}`}>
      {children}
    </p>
  );
}

type Profile = NonNullable<ReturnType<typeof useMe>['data']>['profile'];

/** The name others see, the bio and the avatar: one form, saved together. */
function AboutYou({ profile, fallback }: { profile: Profile; fallback: string }) {
  const update = useUpdateProfile();
  const [name, setName] = useState(profile.displayName);
  const [bio, setBio] = useState(profile.bio);
  const [avatar, setAvatar] = useState(profile.avatar);
  const save = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ displayName: name, bio, avatar });
  };
  return (
    <section className={card} aria-labelledby="about-you">
      <h2 id="about-you" className="text-lg font-semibold text-slate-900">
        About you
      </h2>
      <form onSubmit={save} className="mt-3 space-y-4">
        <label className="block text-sm font-medium text-slate-800">
          Display name
          <input className={input} value={name} maxLength={DISPLAY_NAME_MAX} placeholder={fallback} onChange={(e) => setName(e.target.value)} />
          <span className="mt-1 block text-xs font-normal text-slate-600">
            Shown on leaderboards, in the community and on your public profile. Leave it empty to use {fallback}.
          </span>
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Bio
          <textarea className={`${input} h-24`} value={bio} maxLength={BIO_MAX} onChange={(e) => setBio(e.target.value)} aria-describedby="bio-count" />
          <span id="bio-count" className="mt-1 block text-xs font-normal text-slate-600">
            {bio.length} of {BIO_MAX} characters. Plain text: links and HTML show as you type them.
          </span>
        </label>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Avatar</legend>
          <div className="mt-2 flex flex-wrap items-center gap-4">
            <Avatar name={name || fallback} avatar={avatar} size={56} />
            {(['initials', 'identicon'] as AvatarKind[]).map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name="avatar-kind" checked={avatar.kind === kind} onChange={() => setAvatar({ ...avatar, kind })} />
                {kind === 'initials' ? 'Initials' : 'Pattern'}
              </label>
            ))}
            <button
              type="button"
              className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
              onClick={() => setAvatar({ kind: 'identicon', seed: newSeed() })}
            >
              New pattern
            </button>
          </div>
          <p className="mt-1 text-xs text-slate-600">Drawn here from your initials or a random pattern: no photo, and no outside image service.</p>
        </fieldset>
        <button type="submit" className={primary} disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save profile'}
        </button>
        {update.isError && <Message ok={false}>{update.error.message}</Message>}
      </form>
      {update.isSuccess && <Message ok>Profile saved.</Message>}
    </section>
  );
}

const GROUPS: { key: keyof Visibility; label: string; help: string }[] = [
  { key: 'learning', label: 'Learning progress', help: 'Your course progress: lessons done, course XP and the modules you completed.' },
  { key: 'gamification', label: 'Gamification', help: 'Your level, rank, place on the overall board and achievements.' },
  { key: 'trading', label: 'Trading figures', help: 'Closed paper trades, realized P&L, return and largest drawdown of your paper account.' },
];

/** Who may open the public profile and which groups it shows; each box saves at once. */
function PublicParts({ visibility: saved }: { visibility: Visibility }) {
  const update = useUpdateProfile();
  // A box shows the choice at once; the server's answer confirms it (an error puts the saved value back).
  const [pending, setPending] = useState<Partial<Visibility>>({});
  const visibility = { ...saved, ...pending };
  const set = (patch: Partial<Visibility>) => {
    setPending((p) => ({ ...p, ...patch }));
    update.mutate(
      { visibility: patch },
      {
        onSettled: () => setPending((p) => Object.fromEntries(Object.entries(p).filter(([k]) => !(k in patch))) as Partial<Visibility>),
      },
    );
  };
  return (
    <section className={card} aria-labelledby="public-profile">
      <h2 id="public-profile" className="text-lg font-semibold text-slate-900">
        Public profile
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Other learners open it from a leaderboard or a shared strategy. Your name, avatar, bio and member-since always show on it; choose what else.
      </p>
      <div className="mt-3 space-y-3">
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input type="checkbox" className="mt-1 h-4 w-4" checked={visibility.profile} onChange={(e) => set({ profile: e.target.checked })} />
          <span>
            <span className="font-medium">Other learners can open my profile</span>
            <span className="block text-xs text-slate-600">Off: nobody else can open it, and leaderboards show your name without a link.</span>
          </span>
        </label>
        <fieldset className="space-y-3 border-l-2 border-slate-200 pl-4" disabled={!visibility.profile}>
          <legend className="sr-only">What your public profile shows</legend>
          {GROUPS.map((g) => (
            <label key={g.key} className="flex items-start gap-3 text-sm text-slate-800">
              <input type="checkbox" className="mt-1 h-4 w-4" checked={visibility[g.key]} onChange={(e) => set({ [g.key]: e.target.checked })} />
              <span>
                <span className="font-medium">Show {g.label.toLowerCase()}</span>
                <span className="block text-xs text-slate-600">{g.help}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <p className="text-xs text-slate-600">
          To leave the leaderboards altogether, see{' '}
          <Link to="/app/settings#gamification" className="underline">
            Settings
          </Link>
          .
        </p>
        {update.isError && <Message ok={false}>{update.error.message}</Message>}
      </div>
    </section>
  );
}
