/**
 * A short rising chime for a level-up, synthesised with the Web Audio API (no sound file to ship), played only when the
 * learner's sounds setting is on. Browsers that block audio before a gesture, or have no Web Audio, stay silent.
 */
export function playLevelUpChime(): void {
  const Ctx = typeof window !== 'undefined' ? (window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext) : undefined;
  if (!Ctx) return;
  try {
    const ctx = new Ctx();
    const start = ctx.currentTime;
    [523.25, 659.25, 783.99].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      const t = start + i * 0.12;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.15, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.35);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + 0.4);
    });
    setTimeout(() => void ctx.close().catch(() => undefined), 1000);
  } catch {
    // No sound is better than a broken page.
  }
}
