import { useId, type ReactNode } from 'react';
import { POST_BOUNDS } from '@shared/community/strategy-posts';

export type PostField = 'title' | 'thesis' | 'tags';
export type PostFieldErrors = Partial<Record<PostField, string>>;

const field = 'mt-1 w-full rounded-lg px-3 py-2 ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-brand-600';

/** The tags as typed, separated by commas: each trimmed, blanks dropped. */
export function tagsOf(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** The community's bounds of a strategy post (POST_BOUNDS), checked as the server checks them. */
export function postFieldErrors(title: string, thesis: string, tags: readonly string[]): PostFieldErrors {
  const out: PostFieldErrors = {};
  const t = title.trim();
  const th = thesis.trim();
  if (t.length < POST_BOUNDS.title.min) out.title = `The title must be at least ${POST_BOUNDS.title.min} characters`;
  else if (t.length > POST_BOUNDS.title.max) out.title = `The title must be at most ${POST_BOUNDS.title.max} characters`;
  if (th.length < POST_BOUNDS.thesis.min) out.thesis = `The thesis must be at least ${POST_BOUNDS.thesis.min} characters`;
  else if (th.length > POST_BOUNDS.thesis.max) out.thesis = `The thesis must be at most ${POST_BOUNDS.thesis.max} characters`;
  if (tags.length > POST_BOUNDS.tag.count) out.tags = `At most ${POST_BOUNDS.tag.count} tags`;
  else if (tags.some((g) => g.length < POST_BOUNDS.tag.min || g.length > POST_BOUNDS.tag.max))
    out.tags = `Each tag is ${POST_BOUNDS.tag.min} to ${POST_BOUNDS.tag.max} characters`;
  return out;
}

export interface PostFieldsProps {
  title: string;
  thesis: string;
  /** The tags as typed, separated by commas. */
  tags: string;
  onChange: (field: PostField, value: string) => void;
  /** What the thesis should say, for this kind of post. */
  thesisPlaceholder: string;
  tagsPlaceholder?: string;
  /** The errors to show now, each tied to its input; none when the form relies on the browser's own checks. */
  errors?: PostFieldErrors;
  onTouch?: (field: PostField) => void;
}

/**
 * A strategy post's title, thesis (Markdown: links and emphasis, no HTML) and tags, within the community's bounds:
 * the part every "share to the community" dialog asks for.
 */
export function PostFields({ title, thesis, tags, onChange, thesisPlaceholder, tagsPlaceholder, errors = {}, onTouch }: PostFieldsProps) {
  const base = useId();
  const ids = { title: `${base}-title`, thesis: `${base}-thesis`, tags: `${base}-tags` };
  const helpId = `${ids.thesis}-help`;
  const described = (f: PostField, ...others: string[]) => [...others, errors[f] ? `${ids[f]}-error` : ''].filter(Boolean).join(' ') || undefined;
  const props = (f: PostField) => ({
    id: ids[f],
    'aria-invalid': errors[f] ? true : undefined,
    onBlur: onTouch ? () => onTouch(f) : undefined,
    className: field,
  });
  const errorLine = (f: PostField): ReactNode =>
    errors[f] && (
      <p id={`${ids[f]}-error`} className="mt-1 text-sm font-medium text-red-800">
        Error: {errors[f]}
      </p>
    );

  return (
    <>
      <div>
        <label htmlFor={ids.title} className="block text-sm font-medium text-slate-800">
          Title
        </label>
        <input
          {...props('title')}
          value={title}
          required
          minLength={POST_BOUNDS.title.min}
          maxLength={POST_BOUNDS.title.max}
          aria-describedby={described('title')}
          onChange={(e) => onChange('title', e.target.value)}
        />
        {errorLine('title')}
      </div>
      <div>
        <label htmlFor={ids.thesis} className="block text-sm font-medium text-slate-800">
          Thesis
        </label>
        <textarea
          {...props('thesis')}
          value={thesis}
          required
          rows={5}
          minLength={POST_BOUNDS.thesis.min}
          maxLength={POST_BOUNDS.thesis.max}
          aria-describedby={described('thesis', helpId)}
          onChange={(e) => onChange('thesis', e.target.value)}
          placeholder={thesisPlaceholder}
        />
        <p id={helpId} className="mt-1 text-xs text-slate-600">
          Markdown: **bold**, lists and http(s) links. {POST_BOUNDS.thesis.min} to {POST_BOUNDS.thesis.max} characters; {thesis.length} so far.
        </p>
        {errorLine('thesis')}
      </div>
      <div>
        <label htmlFor={ids.tags} className="block text-sm font-medium text-slate-800">
          Tags <span className="font-normal text-slate-600">(up to {POST_BOUNDS.tag.count}, separated by commas)</span>
        </label>
        <input
          {...props('tags')}
          value={tags}
          maxLength={200}
          aria-describedby={described('tags')}
          onChange={(e) => onChange('tags', e.target.value)}
          placeholder={tagsPlaceholder}
        />
        {errorLine('tags')}
      </div>
    </>
  );
}
