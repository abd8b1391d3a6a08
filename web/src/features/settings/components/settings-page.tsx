import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { DELETION_CONFIRMATION } from '@shared/users/privacy';
import { useGamificationState, useUpdateGameSettings, type GamificationState } from '@web/api/gamification';
import { NUMBER_STYLES, NUMBER_STYLE_IDS, localizeNumber } from '@shared/format/number-style';
import type { DisplaySettings, MotionChoice, NumberStyle, ThemeChoice } from '@shared/users/profile-settings';
import { useMe, useUpdateProfile } from '@web/api/me';
import { useAlertEmail, useSetAlertEmail } from '@web/api/notifications';
import { applyDisplay, useDisplay } from '@web/lib/display';
import { queryKeys } from '@web/api/query-keys';
import { usePageMeta } from '@web/lib/page-meta';
import { leaveDeletedAccount } from '@web/lib/session-end';
import { accountError, changeName, changePassword, signOutEverywhere } from '../api/account';
import { useDeletionProgress, useDownloadData, useRequestDeletion } from '../api/privacy';
import { QueryError } from '@web/components/query-state';

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200';
const input = 'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';
const primary = 'rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-600';
const secondary = 'rounded-lg px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:text-slate-500';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-h`} className={`${card} scroll-mt-24`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-4">{children}</div>
    </section>
  );
}

/** Settings (issue 20; spec part 1 user menu): account, paper account, gamification, display and privacy, each in one place. */
export function SettingsPage() {
  usePageMeta({ title: 'Settings', description: 'Your Options Academy settings.', path: '/app/settings', noindex: true });
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
      <AccountSection />
      <Section id="paper" title="Paper account">
        <p className="text-sm text-slate-700">
          Your options trading level (with what each level allows), the fill model, the commission per contract and resetting the account are on the portfolio
          page, beside the account they change.
        </p>
        <Link to="/app/portfolio#account-settings" className="text-sm font-semibold text-brand-700 underline">
          Open the paper account's settings
        </Link>
      </Section>
      <GamificationSection />
      <AlertEmailSection />
      <DisplaySection />
      <PrivacySection />
    </div>
  );
}

function AccountSection() {
  const me = useMe();
  const client = useQueryClient();
  const [name, setName] = useState<string | null>(null);
  const [nameMsg, setNameMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [pw, setPw] = useState({ old: '', next: '', confirm: '' });
  const [pwMsg, setPwMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const current = name ?? me.data?.user.name ?? '';

  const saveName = async (e: FormEvent) => {
    e.preventDefault();
    if (!current.trim()) return setNameMsg({ ok: false, text: 'Please enter your name.' });
    setBusy('name');
    try {
      await changeName(current);
      setNameMsg({ ok: true, text: 'Name saved. It shows on leaderboards and in the community from your next sign-in.' });
      void client.invalidateQueries({ queryKey: queryKeys.me() });
    } catch (err) {
      setNameMsg({ ok: false, text: accountError(err) });
    } finally {
      setBusy(null);
    }
  };
  const savePassword = async (e: FormEvent) => {
    e.preventDefault();
    if (pw.next.length < 6) return setPwMsg({ ok: false, text: 'Password must be at least 6 characters' });
    if (pw.next !== pw.confirm) return setPwMsg({ ok: false, text: 'Passwords do not match' });
    setBusy('password');
    try {
      // Signs out everywhere, this browser included: the sign-in page follows.
      await changePassword(pw.old, pw.next);
      setPw({ old: '', next: '', confirm: '' });
      setPwMsg({ ok: true, text: 'Password changed. Sign in again with the new password.' });
    } catch (err) {
      setPwMsg({ ok: false, text: accountError(err) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section id="account" title="Account">
      <p className="text-sm text-slate-700">
        Email: <strong data-testid="settings-email">{me.data?.user.email ?? '…'}</strong>
      </p>
      <form onSubmit={saveName} className="space-y-2">
        <label className="block text-sm font-medium text-slate-800">
          Full name
          <input className={input} value={current} maxLength={100} onChange={(e) => setName(e.target.value)} autoComplete="name" />
        </label>
        <button type="submit" className={primary} disabled={busy !== null}>
          {busy === 'name' ? 'Saving…' : 'Save name'}
        </button>
        {nameMsg && (
          <p role={nameMsg.ok ? 'status' : 'alert'} className={`text-sm ${nameMsg.ok ? 'text-emerald-800' : 'text-red-800'}`}>
            {nameMsg.text}
          </p>
        )}
      </form>
      <form onSubmit={savePassword} className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">Change password</h3>
        <p className="text-sm text-slate-700">Changing your password signs you out everywhere, this browser included.</p>
        <label className="block text-sm text-slate-800">
          Current password
          <input type="password" className={input} value={pw.old} onChange={(e) => setPw({ ...pw, old: e.target.value })} autoComplete="current-password" />
        </label>
        <label className="block text-sm text-slate-800">
          New password
          <input type="password" className={input} value={pw.next} onChange={(e) => setPw({ ...pw, next: e.target.value })} autoComplete="new-password" />
        </label>
        <label className="block text-sm text-slate-800">
          Confirm new password
          <input type="password" className={input} value={pw.confirm} onChange={(e) => setPw({ ...pw, confirm: e.target.value })} autoComplete="new-password" />
        </label>
        <button type="submit" className={primary} disabled={busy !== null || !pw.old}>
          {busy === 'password' ? 'Changing…' : 'Change password'}
        </button>
        {pwMsg && (
          <p role={pwMsg.ok ? 'status' : 'alert'} className={`text-sm ${pwMsg.ok ? 'text-emerald-800' : 'text-red-800'}`}>
            {pwMsg.text}
          </p>
        )}
      </form>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Sign out everywhere</h3>
        <p className="mt-1 text-sm text-slate-700">
          Signs you out on every device and browser, this one included; a page open elsewhere stops working within 15 seconds.
        </p>
        <button
          type="button"
          className={`${secondary} mt-2`}
          disabled={busy !== null}
          onClick={() => {
            setBusy('global');
            signOutEverywhere().catch(() => setBusy(null));
          }}
        >
          {busy === 'global' ? 'Signing out…' : 'Sign out everywhere'}
        </button>
      </div>
    </Section>
  );
}

const CORNERS: { value: GamificationState['settings']['widgetPosition']; label: string }[] = [
  { value: 'top-right', label: 'Top right' },
  { value: 'top-left', label: 'Top left' },
  { value: 'bottom-right', label: 'Bottom right' },
  { value: 'bottom-left', label: 'Bottom left' },
];

/** The alert e-mail choice (issue 37): off until the learner turns it on; every e-mail carries a link that turns it off. */
function AlertEmailSection() {
  const choice = useAlertEmail();
  const update = useSetAlertEmail();
  const on = update.isPending ? update.variables : (choice.data?.emailOn ?? false);
  return (
    <Section id="alerts" title="Alerts">
      {choice.isError && <QueryError error={choice.error} onRetry={choice.refetch} retrying={choice.isFetching} className="text-sm text-red-800" />}
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={on}
          disabled={!choice.data || update.isPending}
          onChange={(e) => update.mutate(e.target.checked)}
        />
        <span>
          <span className="font-medium">E-mail me when an alert fires</span>
          <span className="block text-xs text-slate-600">
            Besides the notification in the app, one e-mail per alert that fires, to the address you sign in with. Alerts are checked after each end-of-day
            ingestion; every e-mail has a link that turns this off without signing in.
          </span>
        </span>
      </label>
      {update.isError && (
        <p role="alert" className="text-sm text-red-800">
          {update.error.message}
        </p>
      )}
      <Link to="/app/alerts" className="text-sm font-semibold text-brand-700 underline">
        Manage your alerts
      </Link>
    </Section>
  );
}

function GamificationSection() {
  const state = useGamificationState();
  const update = useUpdateGameSettings();
  const s = state.data?.settings;
  const toggle = (key: 'notifications' | 'sounds' | 'animations', label: string, help: string) => (
    <label className="flex items-start gap-3 text-sm text-slate-800">
      <input
        type="checkbox"
        className="mt-1 h-4 w-4"
        checked={!!s?.[key]}
        disabled={!s || update.isPending}
        onChange={(e) => update.mutate({ [key]: e.target.checked })}
      />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-xs text-slate-600">{help}</span>
      </span>
    </label>
  );
  return (
    <Section id="gamification" title="Gamification">
      {state.isError && <QueryError error={state.error} onRetry={state.refetch} retrying={state.isFetching} className="text-sm text-red-800" />}
      {toggle('notifications', 'XP notifications', 'The +XP toasts when you earn points.')}
      {toggle('sounds', 'Sounds', 'A short sound with level-ups and achievements.')}
      {toggle('animations', 'Animations', 'Confetti and particles on big awards (always off when your system asks for reduced motion).')}
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={s?.showOnLeaderboards ?? true}
          disabled={!s || update.isPending}
          onChange={(e) => update.mutate({ showOnLeaderboards: e.target.checked })}
        />
        <span>
          <span className="font-medium">Show me on leaderboards</span>
          <span className="block text-xs text-slate-600">
            Off: your entries leave every board at once (your XP and progress stay); on again puts them back.
          </span>
        </span>
      </label>
      <label className="block text-sm font-medium text-slate-800">
        Progress widget corner
        <select
          className={input}
          value={s?.widgetPosition ?? 'top-right'}
          disabled={!s || update.isPending}
          onChange={(e) => update.mutate({ widgetPosition: e.target.value as GamificationState['settings']['widgetPosition'] })}
        >
          {CORNERS.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      {update.isError && (
        <p role="alert" className="text-sm text-red-800">
          {update.error.message}
        </p>
      )}
      {update.isSuccess && (
        <p role="status" className="text-sm text-emerald-800">
          Saved.
        </p>
      )}
    </Section>
  );
}

const THEME_CHOICES: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'Follow my system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];
const MOTION_CHOICES: { value: MotionChoice; label: string }[] = [
  { value: 'system', label: 'Follow my system' },
  { value: 'reduce', label: 'Reduce motion' },
  { value: 'full', label: 'Full motion' },
];

/** Theme, motion and number format: applied at once, kept with the profile so they follow the learner to other devices. */
function DisplaySection() {
  const display = useDisplay();
  const update = useUpdateProfile();
  const me = useMe();
  const change = (patch: Partial<DisplaySettings>) => {
    const before = display.settings;
    applyDisplay({ ...before, ...patch });
    update.mutate({ display: patch }, { onError: () => applyDisplay(me.data?.profile.display ?? before) });
  };
  const radios = <T extends string>(name: string, legend: string, choices: { value: T; label: string }[], value: T, onPick: (v: T) => void, help: string) => (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        {choices.map((c) => (
          <label key={c.value} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name={name} checked={value === c.value} onChange={() => onPick(c.value)} />
            {c.label}
          </label>
        ))}
      </div>
      <p className="mt-1 text-xs text-slate-600">{help}</p>
    </fieldset>
  );
  return (
    <Section id="display" title="Display">
      {radios(
        'theme',
        'Theme',
        THEME_CHOICES,
        display.settings.theme,
        (theme) => change({ theme }),
        `Now ${display.theme}. Following your system switches with it.`,
      )}
      {radios(
        'motion',
        'Motion',
        MOTION_CHOICES,
        display.settings.motion,
        (motion) => change({ motion }),
        `Motion is ${display.reducedMotion ? 'reduced: no animations, confetti or sliding toasts anywhere' : 'on'}.`,
      )}
      <label className="block text-sm font-medium text-slate-800">
        Number format
        <select className={input} value={display.settings.numberFormat} onChange={(e) => change({ numberFormat: e.target.value as NumberStyle })}>
          {NUMBER_STYLE_IDS.map((id) => (
            <option key={id} value={id}>
              {NUMBER_STYLES[id].label}
            </option>
          ))}
        </select>
        <span className="mt-1 block text-xs font-normal text-slate-600" data-testid="number-example">
          Prices and money show as {localizeNumber('$1,234.56', display.settings.numberFormat)}. Rupee amounts keep the Indian grouping.
        </span>
      </label>
      {update.isError && (
        <p role="alert" className="text-sm text-red-800">
          {update.error.message}
        </p>
      )}
    </Section>
  );
}

function PrivacySection() {
  const download = useDownloadData();
  const request = useRequestDeletion();
  const [typed, setTyped] = useState('');
  const started = request.isSuccess;
  const progress = useDeletionProgress(started);
  const view = progress.data ?? request.data;
  return (
    <Section id="privacy" title="Privacy">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Download all my data</h3>
        <p className="mt-1 text-sm text-slate-700">
          One JSON file with everything kept about you: profile, paper account, orders, positions, activity, journal, learning, gamification, drafts, the
          compliance log and your broker connections (never your broker keys). See the{' '}
          <Link to="/privacy" className="underline">
            privacy policy
          </Link>
          .
        </p>
        <button type="button" className={`${secondary} mt-2`} onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? 'Preparing…' : 'Download my data'}
        </button>
        {download.isSuccess && (
          <p role="status" className="mt-1 text-sm text-emerald-800">
            Downloaded: {download.data.items} items in {download.data.sections} kinds.
          </p>
        )}
        {download.isError && (
          <p role="alert" className="mt-1 text-sm text-red-800">
            {download.error.message}
          </p>
        )}
      </div>
      <div className="rounded-xl bg-red-50 p-4 ring-1 ring-red-200">
        <h3 className="text-sm font-semibold text-red-900">Delete my account</h3>
        {!view ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (typed === DELETION_CONFIRMATION) request.mutate({ confirmation: DELETION_CONFIRMATION });
            }}
          >
            <p className="mt-1 text-sm text-red-900">
              This deletes your sign-in, your paper account and its history, your journal, learning progress, gamification, drafts, broker keys, leaderboard
              entries and community posts. It cannot be undone: download your data first if you want to keep it. You are signed out everywhere.
            </p>
            <label className="mt-2 block text-sm text-red-900">
              Type <strong>{DELETION_CONFIRMATION}</strong> to confirm
              <input className={input} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
            </label>
            <button
              type="submit"
              className="mt-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white disabled:bg-slate-300 disabled:text-slate-600"
              disabled={typed !== DELETION_CONFIRMATION || request.isPending}
            >
              {request.isPending ? 'Deleting…' : 'Delete my account'}
            </button>
            {request.isError && (
              <p role="alert" className="mt-1 text-sm text-red-800">
                {request.error.message}
              </p>
            )}
          </form>
        ) : (
          <div role="status" className="mt-1 text-sm text-red-900" data-testid="deletion-status">
            <p className="font-semibold">{view.message}</p>
            <p className="mt-1">{view.itemsDeleted} items removed so far.</p>
            {view.status === 'deleted' && (
              <button type="button" className="mt-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white" onClick={leaveDeletedAccount}>
                Leave Options Academy
              </button>
            )}
          </div>
        )}
      </div>
    </Section>
  );
}
