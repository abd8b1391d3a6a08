import katex from 'katex';
import 'katex/dist/katex.min.css';

/**
 * One formula typeset by KaTeX, as the lessons typeset theirs (web/src/features/learning/components/markdown.tsx): HTML
 * for the eye and MathML for screen readers. KaTeX escapes its input; an error shows the source in red rather than
 * throwing. `strict: false` lets the rupee sign stand in \text{} without a console warning.
 */
export function Formula({ tex }: { tex: string }) {
  return (
    <span
      className="formula"
      dangerouslySetInnerHTML={{ __html: katex.renderToString(tex, { throwOnError: false, strict: false, output: 'htmlAndMathml', displayMode: true }) }}
    />
  );
}
