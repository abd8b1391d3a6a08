import { STRATEGY_TEMPLATES } from '@shared/strategy';
import { TemplateCard } from '@web/components/strategy/template-card';

/** A strategy lesson's card (issue 17): the template library's own card, generated from the template, opening the builder on the lesson's underlying. */
export function StrategyCardWidget({ templateId, underlying }: { templateId: string; underlying: string }) {
  const template = STRATEGY_TEMPLATES.find((t) => t.id === templateId);
  if (!template) return <p className="text-sm text-slate-700">This strategy is not in the template library.</p>;
  return (
    <div className="flex max-w-xl">
      <TemplateCard template={template} underlying={underlying} />
    </div>
  );
}
