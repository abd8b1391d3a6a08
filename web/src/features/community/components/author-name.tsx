import { Link } from 'react-router-dom';
import { publicProfileHref } from '@web/lib/public-profile';

/** A post's or comment's author: a link to their public profile when they made it public, else just the name. */
export function AuthorName({ name, publicId, className }: { name: string; publicId: string | null; className?: string }) {
  if (!publicId) return <span className={className}>{name}</span>;
  return (
    <Link to={publicProfileHref(publicId)} className={`${className ?? ''} underline-offset-2 hover:underline`}>
      {name}
    </Link>
  );
}
