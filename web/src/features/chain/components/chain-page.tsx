/** The options chain viewer (issue 5). Rendered at /optionschain (public) and inside the app shell. */
export default function ChainPage({ inShell }: { inShell: boolean }) {
  return <section data-in-shell={inShell}>Options chain</section>;
}
