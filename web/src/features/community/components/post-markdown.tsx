import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { safeHref } from '@shared/community/strategy-posts';

/**
 * What learners write (a post's thesis, a comment), as Markdown without raw HTML: react-markdown builds React elements
 * from the Markdown tree and never injects HTML, so `<script>` stays text (skipHtml drops it from the tree too). Links
 * keep only http(s) targets (safeHref in shared/community); anything else — javascript:, data:, relative — is shown
 * as its text, not a link. Images are not rendered: no third-party requests from a learner's post.
 */
const components: Components = {
  a: ({ href, children }) => {
    const safe = href ? safeHref(href) : null;
    return safe ? (
      <a href={safe} target="_blank" rel="noopener noreferrer nofollow ugc" className="text-blue-700 underline">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    );
  },
  img: ({ alt }) => <span>{alt}</span>,
};

const urlTransform = (url: string) => safeHref(url) ?? '';

export function PostMarkdown({ children }: { children: string }) {
  return (
    <div className="space-y-2 break-words text-slate-800 [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
      <Markdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={urlTransform} components={components}>
        {children}
      </Markdown>
    </div>
  );
}
