import katex from 'katex';
import 'katex/dist/katex.min.css';
import './learning.css';
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import { Link } from 'react-router-dom';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { lessonPath } from '../lib/course';
import { ScrollX } from './scroll-x';

const LESSON_LINK = /^lesson:([a-z_]+\.[a-z0-9-]+)$/;

/** `lesson:<id>` links stay (react-markdown drops unknown schemes); everything else gets the library's safe default. */
const urlTransform = (url: string) => (LESSON_LINK.test(url) ? url : defaultUrlTransform(url));

const components: Components = {
  a: ({ href, children }) => {
    const lesson = href && LESSON_LINK.exec(href);
    if (lesson) return <Link to={lessonPath(lesson[1]!)}>{children}</Link>;
    return (
      <a href={href} target="_blank" rel="noreferrer noopener">
        {children}
      </a>
    );
  },
  table: ({ children }) => (
    <ScrollX>
      <table>{children}</table>
    </ScrollX>
  ),
  // rehype-katex's display maths: scrolls sideways on a narrow screen rather than overflowing the page.
  span: ({ node: _node, className, children, ...rest }) =>
    className?.split(' ').includes('katex-display') ? (
      <ScrollX as="span" className={`${className} block`}>
        {children}
      </ScrollX>
    ) : (
      <span className={className} {...rest}>
        {children}
      </span>
    ),
};

/**
 * Lesson text: Markdown (GFM) with maths in `$…$` and `$$…$$` typeset by KaTeX. KaTeX's stylesheet is bundled with
 * the learning pages (no third-party origin, which the CSP's style-src 'self' would refuse); its inline styles are
 * allowed by 'unsafe-inline'. No raw HTML: the content is Markdown only.
 */
export function LessonMarkdown({ children }: { children: string }) {
  return (
    <div className="lesson-prose">
      <Markdown remarkPlugins={[remarkGfm, remarkMath]} rehypePlugins={[rehypeKatex]} urlTransform={urlTransform} components={components}>
        {children}
      </Markdown>
    </div>
  );
}

/** One formula, typeset (a figure's formula). KaTeX escapes its input; errors show the source in red rather than throwing. */
export function Formula({ tex }: { tex: string }) {
  return <span className="formula" dangerouslySetInnerHTML={{ __html: katex.renderToString(tex, { throwOnError: false, output: 'htmlAndMathml' }) }} />;
}

/**
 * A question, an explanation, a scenario or a hint. The content types make only lesson blocks Markdown; the modules
 * differ for the rest (options_basics writes plain text with bare "$12.77", options_greeks writes Markdown with money
 * escaped as "\\$" and maths in "$…$"). A text with a backslash is Markdown; any other is shown as written, so a
 * plain "$576.67 … $14.56" never becomes maths.
 */
export function ContentText({ children }: { children: string }) {
  if (children.includes('\\')) return <LessonMarkdown>{children}</LessonMarkdown>;
  return <p className="leading-relaxed whitespace-pre-line text-slate-800">{children}</p>;
}
