import { avatarHue, identicon, initials } from '@shared/users/avatar';
import type { Avatar as AvatarChoice } from '@shared/users/profile-settings';

/**
 * A learner's avatar, drawn in the page (no image service): their initials on a colour of their own, or an identicon
 * from their seed. Decorative: the name always shows beside it.
 */
export function Avatar({ name, avatar, size = 80 }: { name: string; avatar: AvatarChoice; size?: number }) {
  if (avatar.kind === 'identicon') {
    const { hue, cells } = identicon(avatar.seed);
    return (
      <svg
        aria-hidden
        data-testid="avatar"
        data-kind="identicon"
        width={size}
        height={size}
        viewBox="-0.6 -0.6 8.2 8.2"
        className="shrink-0 rounded-full"
        shapeRendering="crispEdges"
      >
        <rect x="-0.6" y="-0.6" width="8.2" height="8.2" fill={`hsl(${hue} 40% 92%)`} />
        {cells.flatMap((row, r) =>
          row.map((on, c) => (on ? <rect key={`${r}-${c}`} x={c + 1} y={r + 1} width="1" height="1" fill={`hsl(${hue} 55% 38%)`} /> : null)),
        )}
      </svg>
    );
  }
  return (
    <div
      aria-hidden
      data-testid="avatar"
      data-kind="initials"
      className="flex shrink-0 items-center justify-center rounded-full font-bold text-white"
      style={{ width: size, height: size, fontSize: size * 0.35, backgroundColor: `hsl(${avatarHue(avatar.seed)} 45% 35%)` }}
    >
      {initials(name)}
    </div>
  );
}
