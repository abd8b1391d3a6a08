import { useMemo } from 'react';
import { ApiReferenceReact, type AnyApiReferenceConfiguration } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useDisplay } from '@web/lib/display';
import type { OpenApiDocument } from '../api/openapi-document';

/**
 * Scalar's API reference viewer, configured to load nothing from outside this site: the product's Content Security
 * Policy allows scripts, fonts and connections from its own origin only. So no web fonts (the system's are used), no
 * telemetry, no Scalar agent or MCP button, no request proxy and no "Test request" client (it sends requests through
 * Scalar's proxy); the document itself is the one this site serves, passed in rather than fetched again.
 */
const SYSTEM_FONT = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export default function ScalarReference({ document }: { document: OpenApiDocument }) {
  const { theme } = useDisplay();
  const configuration = useMemo<AnyApiReferenceConfiguration>(
    () => ({
      content: document,
      layout: 'classic',
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      hideClientButton: true,
      hideTestRequestButton: true,
      showDeveloperTools: 'never',
      hideDarkModeToggle: true,
      forceDarkModeState: theme,
      hideModels: true,
      // Every tag closed at first: the list of areas fits the page, and one opens the area it needs.
      defaultOpenFirstTag: false,
      documentDownloadType: 'none',
      baseServerURL: window.location.origin,
      // The product's own type (Scalar's default names Inter, a web font it would fetch), and its faintest text made
      // dark enough to read: Scalar's #797979 on white is 4.3:1, under WCAG 2's 4.5:1 for body text.
      customCss: `.scalar-app { --scalar-font: ${SYSTEM_FONT}; } .light-mode { --scalar-color-3: #5e5e5e; } .dark-mode { --scalar-color-3: #a8a8a8; }`,
    }),
    [document, theme],
  );
  return (
    <div className="overflow-hidden rounded-xl ring-1 ring-slate-200" data-testid="api-reference">
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
