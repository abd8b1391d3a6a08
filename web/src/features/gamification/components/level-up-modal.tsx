import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { playLevelUpChime } from '../lib/chime';
import { CONFETTI_MS, CONFETTI_PIECES, LEVEL_UP_AUTO_CLOSE_MS, LEVEL_UP_FADE_MS, levelUpContent, type LevelUp } from '../lib/level-up';
import './gamification.css';

const CONFETTI_COLOURS = ['#f59e0b', '#ec4899', '#3b82f6', '#22c55e', '#8b5cf6', '#ef4444'];

export interface LevelUpModalProps {
  levelUp: LevelUp;
  /** Confetti and the fade (off when the settings turn animations off or the system asks for reduced motion). */
  animate: boolean;
  /** A short chime (the sounds setting). */
  sound: boolean;
  /** The closing button: what the learner goes back to ("Back to the lesson"); a neutral "Continue" elsewhere. */
  continueLabel?: string | undefined;
  onClose: () => void;
}

/**
 * The level-up modal (spec part 1 §2): LEVEL UP with congratulations, the new level and its name, the features reached
 * (milestones and perks: a level never takes away a feature everyone has), the next two to unlock, 50 confetti pieces
 * for 3 s, closing by itself after 10 s with a 300 ms fade; View Profile opens the profile. The closing button names
 * what the learner was doing, never trading (issue 33: celebrate learning, never an order), so the spec's "Continue
 * Trading" is "Back to the lesson" in a lesson and "Continue" elsewhere.
 */
export function LevelUpModal({ levelUp, animate, sound, continueLabel = 'Continue', onClose }: LevelUpModalProps) {
  const navigate = useNavigate();
  const content = levelUpContent(levelUp);
  const [confetti, setConfetti] = useState(animate);
  const [fading, setFading] = useState(false);
  const continueRef = useRef<HTMLButtonElement>(null);
  // Set once the modal is up: closes it (fading when animated), then runs `then` (the profile link).
  const closeRef = useRef<(then?: () => void) => void>(() => undefined);

  useEffect(() => {
    let closing = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const close = (then?: () => void) => {
      if (closing) return;
      closing = true;
      const done = () => {
        onClose();
        then?.();
      };
      if (!animate) return done();
      setFading(true);
      timers.push(setTimeout(done, LEVEL_UP_FADE_MS));
    };
    closeRef.current = close;
    continueRef.current?.focus();
    if (sound) playLevelUpChime();
    const confettiTimer = setTimeout(() => setConfetti(false), CONFETTI_MS);
    // The fade is part of the 10 s: it starts 300 ms before, so the modal is gone at 10 s.
    const autoClose = setTimeout(() => close(), LEVEL_UP_AUTO_CLOSE_MS - (animate ? LEVEL_UP_FADE_MS : 0));
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(confettiTimer);
      clearTimeout(autoClose);
      timers.forEach(clearTimeout);
      window.removeEventListener('keydown', onKey);
    };
    // Once per modal: a new level-up remounts it (keyed by level).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div
      className={`fixed inset-0 z-[60] flex items-center justify-center bg-slate-900/60 p-4 ${fading ? 'oa-level-up-fading' : ''}`}
      style={{ transitionDuration: `${LEVEL_UP_FADE_MS}ms` }}
      data-testid="level-up-backdrop"
      onClick={(e) => {
        if (e.target === e.currentTarget) closeRef.current();
      }}
    >
      {confetti && (
        <div aria-hidden className="oa-confetti" data-testid="confetti" style={{ animationDuration: `${CONFETTI_MS}ms` }}>
          {Array.from({ length: CONFETTI_PIECES }, (_, i) => (
            <i
              key={i}
              style={{
                left: `${(i * 37) % 100}%`,
                background: CONFETTI_COLOURS[i % CONFETTI_COLOURS.length],
                animationDelay: `${(i % 10) * 60}ms`,
                animationDuration: `${CONFETTI_MS - (i % 10) * 60}ms`,
                ['--drift' as string]: `${((i * 53) % 120) - 60}px`,
                ['--spin' as string]: `${(i * 97) % 720}deg`,
              }}
            />
          ))}
        </div>
      )}
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="level-up-title"
        aria-describedby="level-up-summary"
        className="relative w-full max-w-md rounded-2xl border-t-8 bg-white p-6 text-center shadow-2xl"
        style={{ borderTopColor: content.color }}
      >
        <h2 id="level-up-title" className="text-3xl font-black tracking-widest text-slate-900">
          LEVEL UP
        </h2>
        <p id="level-up-summary" className="mt-1 text-slate-700">
          Congratulations! You reached level {content.level}.
        </p>
        <div
          className="mx-auto mt-4 flex h-20 w-20 flex-col items-center justify-center rounded-full border-4 bg-white"
          style={{ borderColor: content.color }}
          data-testid="level-up-level"
        >
          <span className="text-xs font-semibold uppercase text-slate-600">Level</span>
          <span className="text-3xl font-black leading-none text-slate-900">{content.level}</span>
        </div>
        <p className="mt-3 text-xl font-bold text-slate-900" data-testid="level-up-name">
          {content.name}
        </p>
        <p className="text-sm text-slate-600">{content.theme} theme</p>

        <div className="mt-4 space-y-3 text-left text-sm">
          <section aria-labelledby="level-up-unlocked">
            <h3 id="level-up-unlocked" className="font-semibold text-slate-900">
              Unlocked at this level
            </h3>
            {content.unlocked.length ? (
              <ul className="mt-1 list-inside list-disc text-slate-800" data-testid="level-up-unlocked">
                {content.unlocked.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-slate-600">No new perk at this level: the next milestone is below.</p>
            )}
          </section>
          {content.next && (
            <section aria-labelledby="level-up-next">
              <h3 id="level-up-next" className="font-semibold text-slate-900">
                Next to unlock at level {content.next.level}
              </h3>
              <ul className="mt-1 list-inside list-disc text-slate-800" data-testid="level-up-next">
                {content.next.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </section>
          )}
          <p className="text-xs text-slate-600">Milestones and perks: every feature of the academy stays open to you at any level.</p>
        </div>

        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
          <button
            ref={continueRef}
            type="button"
            onClick={() => closeRef.current()}
            className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
          >
            {continueLabel}
          </button>
          <button
            type="button"
            onClick={() => closeRef.current(() => navigate('/app/gamification/profile'))}
            className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
          >
            View Profile
          </button>
        </div>
      </div>
    </div>
  );
}
