import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { templateById, type StrategyTemplate } from '@shared/strategy';

export interface BuilderParams {
  underlying: string;
  /** The template asked for in the URL, when it exists. */
  template: StrategyTemplate | null;
  /** The URL's template id, also when it names no template. */
  templateId: string | null;
  setParams: (next: { underlying?: string; template?: string | null }) => void;
}

/** The builder's underlying and template live in the URL (?underlying=SPY&template=iron-condor), so a link reopens them. */
export function useBuilderParams(): BuilderParams {
  const [params, setSearchParams] = useSearchParams();
  const underlying = (params.get('underlying') ?? '').trim().toUpperCase();
  const templateId = params.get('template');
  const template = templateId ? (templateById(templateId) ?? null) : null;
  const setParams = useCallback(
    (next: { underlying?: string; template?: string | null }) =>
      setSearchParams((prev) => {
        const out = new URLSearchParams(prev);
        if (next.underlying !== undefined) {
          if (next.underlying) out.set('underlying', next.underlying);
          else out.delete('underlying');
        }
        if (next.template !== undefined) {
          if (next.template) out.set('template', next.template);
          else out.delete('template');
        }
        return out;
      }),
    [setSearchParams],
  );
  return { underlying, template, templateId, setParams };
}
