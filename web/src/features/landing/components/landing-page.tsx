import { FreeForeverBanner } from '@web/components/ui/free-forever-banner';
import { usePageMeta } from '@web/lib/page-meta';
import type { Visitor } from '../lib/cta';
import { Hero } from './hero';
import { ClosingCta, LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { MarketTapes } from './market-tapes';
import { BrokerSection, FeatureGrid, PredictionMarketsSection, TemplatesSection } from './product-sections';
import { StatsSection } from './stats-section';
import { TestimonialsSection } from './testimonials-section';

/**
 * The public front door (spec part 1 §2): every section the spec lists, with live figures only. `planned` holds the
 * app paths not built yet (from the planned pages, passed in by the app): what needs them is marked "coming".
 */
export function LandingPage({ visitor, planned }: { visitor: Visitor; planned: ReadonlySet<string> }) {
  usePageMeta({
    title: 'Options Academy',
    description:
      'Learn options trading with virtual money: options chains with Greeks, about 50 strategy templates, paper trading under real pre-trade rules, and lessons. Free forever.',
    path: '/',
  });
  return (
    <div className="min-h-screen bg-slate-50">
      <FreeForeverBanner />
      <LandingHeader visitor={visitor} />
      <MarketTapes />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Hero visitor={visitor} />
        <BrokerSection />
        <PredictionMarketsSection coming={planned.has('/app/prediction-markets')} />
        <TemplatesSection />
        <FeatureGrid planned={planned} />
        <StatsSection />
        <TestimonialsSection visitor={visitor} />
        <ClosingCta visitor={visitor} />
      </main>
      <LandingFooter />
    </div>
  );
}
