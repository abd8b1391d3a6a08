import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { queryKeys } from '@web/api/query-keys';
import { getAwards, useGamificationState } from '@web/api/gamification';
import {
  FEED_FAST_MS,
  FEED_FAST_WINDOW_MS,
  FEED_SLOW_MS,
  TOAST_DURATION_MS,
  TOAST_FADE_MS,
  TOAST_OFFSET_PX,
  heldLevelUpToast,
  pushToasts,
  toastsOf,
  type Toast,
  type ToastTier,
} from '../lib/toasts';
import { levelUpOf, mergeLevelUps, type LevelUp } from '../lib/level-up';
import { celebrationHeld, useCelebrationGate } from '@web/lib/celebration-hold';
import { LevelUpModal } from './level-up-modal';
import { usePrefersReducedMotion } from './reduced-motion';
import './gamification.css';

const TIER_CLASSES: Record<ToastTier, string> = {
  epic: 'border-amber-400 bg-gradient-to-r from-amber-50 to-fuchsia-50 text-amber-950',
  major: 'border-sky-400 bg-sky-50 text-sky-950',
  minor: 'border-emerald-400 bg-emerald-50 text-emerald-950',
};

/**
 * Reads the awards feed and shows '+N XP' toasts for new awards, and the level-up modal when one of them raised the
 * level (spec part 1 §2); trading awards are quiet and celebrate nothing. The modal never interrupts learning: while a
 * lesson, a quiz or a form is open (useCelebrationHold) a toast says the level and the modal waits until the learner
 * finishes or leaves, its button naming what they go back to. The notifications setting turns both off. The feed is read every second for a
 * while after the learner's own actions (any successful change through the API), else slowly; the first read only
 * sets the cursor, so old awards never toast. New awards of any kind refresh the widget's state.
 */
export function XpToasts() {
  const client = useQueryClient();
  const { data: state } = useGamificationState();
  const reduced = usePrefersReducedMotion();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [levelUp, setLevelUp] = useState<LevelUp | null>(null);
  const cursor = useRef<{ primed: boolean; after: string | null }>({ primed: false, after: null });
  // Set when the feed starts reading (the shell just opened, usually after an action): fast for a while.
  const fastUntil = useRef(0);
  const notify = state?.settings.notifications ?? true;
  const gate = useCelebrationGate();
  const animate = (state?.settings.animations ?? true) && !reduced;

  useEffect(
    () =>
      client.getMutationCache().subscribe((e) => {
        if (e.type === 'updated' && e.mutation.state.status === 'success') fastUntil.current = Date.now() + FEED_FAST_WINDOW_MS;
      }),
    [client],
  );

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const controller = new AbortController();
    fastUntil.current = Math.max(fastUntil.current, Date.now() + FEED_FAST_WINDOW_MS);
    const tick = async () => {
      if (!document.hidden) {
        try {
          const c = cursor.current;
          const page = await getAwards(c.after, 20, controller.signal);
          if (c.primed && page.awards.length > 0) {
            const now = Date.now();
            const up = levelUpOf(page.awards);
            const fresh = [...toastsOf(page.awards, now), ...(up && celebrationHeld() ? [heldLevelUpToast(up, now)] : [])];
            if (fresh.length && notify) setToasts((list) => pushToasts(list, fresh));
            if (up && notify) setLevelUp((current) => mergeLevelUps(current, up));
            void client.invalidateQueries({ queryKey: queryKeys.gamification.all });
          }
          cursor.current = { primed: true, after: page.cursor };
        } catch {
          // A failed read is tried again at the next tick.
        }
      }
      if (!stopped) timer = setTimeout(() => void tick(), Date.now() < fastUntil.current ? FEED_FAST_MS : FEED_SLOW_MS);
    };
    void tick();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, [client, notify]);

  useToastExpiry(toasts, setToasts);

  const corner = state?.settings.widgetPosition ?? 'top-right';
  const fromBottom = corner.startsWith('top');
  return (
    <>
      {levelUp && !gate.held && (
        <LevelUpModal
          key={`${levelUp.from}-${levelUp.to}`}
          levelUp={levelUp}
          continueLabel={gate.returnLabel ?? undefined}
          animate={animate}
          sound={state?.settings.sounds ?? true}
          onClose={() => setLevelUp(null)}
        />
      )}
      <ToastStack toasts={toasts} animate={animate} fromBottom={fromBottom} />
    </>
  );
}

/** The stacked toasts (newest nearest the edge, 80 px apart), each fading over its last 500 ms when animated. */
export function ToastStack({ toasts, animate, fromBottom }: { toasts: readonly Toast[]; animate: boolean; fromBottom: boolean }) {
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed right-3 z-50 w-72 max-w-[calc(100vw-1.5rem)]"
      style={fromBottom ? { bottom: 12 } : { top: 12 }}
    >
      {[...toasts].reverse().map((t, i) => (
        <div
          key={t.id}
          data-testid="xp-toast"
          data-tier={t.tier}
          role="status"
          className={`oa-xp-toast absolute right-0 flex w-full items-center gap-3 rounded-xl border-2 px-4 py-3 shadow-lg ${TIER_CLASSES[t.tier]} ${animate ? 'oa-xp-toast-animated' : ''}`}
          style={{
            [fromBottom ? 'bottom' : 'top']: i * TOAST_OFFSET_PX,
            animationDuration: `${TOAST_FADE_MS}ms`,
            animationDelay: `${TOAST_DURATION_MS - TOAST_FADE_MS}ms`,
          }}
        >
          <span aria-hidden className="text-2xl">
            {t.icon}
          </span>
          <span className="min-w-0">
            <span className="block text-lg font-bold tabular-nums">{t.headline ?? `+${t.xp} XP`}</span>
            <span className="block truncate text-sm">{t.label}</span>
          </span>
          {t.tier === 'epic' && animate && (
            <span aria-hidden className="oa-xp-particles">
              {Array.from({ length: 12 }, (_, p) => (
                <i key={p} style={{ ['--a' as string]: `${p * 30}deg` }} />
              ))}
            </span>
          )}
        </div>
      ))}
    </div>
  );
}

/** Removes each toast TOAST_DURATION_MS after it appeared. */
export function useToastExpiry(toasts: readonly Toast[], setToasts: (update: (list: Toast[]) => Toast[]) => void) {
  useEffect(() => {
    if (toasts.length === 0) return;
    const oldest = toasts[0]!;
    const t = setTimeout(() => setToasts((list) => list.filter((x) => x.id !== oldest.id)), Math.max(0, oldest.shownAt + TOAST_DURATION_MS - Date.now()));
    return () => clearTimeout(t);
  }, [toasts, setToasts]);
}
