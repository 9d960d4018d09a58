import type { SandboxTemplate } from './book.js';

/** A template as the customer's WhatsApp shows it: the approved text with the send's values. */
export interface RenderedTemplate {
  header: string | null;
  body: string;
  footer: string | null;
  buttons: { type: string; label: string }[];
}

interface SendComponent {
  type?: string;
  parameters?: { type?: string; text?: string }[];
}

const fill = (text: string, values: string[]) =>
  text.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => values[Number(n) - 1] ?? whole);

const textParams = (components: SendComponent[], type: string): string[] =>
  components
    .filter((c) => c.type?.toLowerCase() === type)
    .flatMap((c) => c.parameters ?? [])
    .map((p) => (p.type === 'text' ? (p.text ?? '') : ''));

/**
 * Fills the approved template's components with the send's parameters. Meta never sends this
 * to the business; the sandbox keeps it on the message so its phone page can show what a real
 * phone would, instead of bare parameter values.
 */
export function renderTemplate(
  t: SandboxTemplate,
  send: { components?: unknown[] | undefined },
): RenderedTemplate {
  const components = (send.components ?? []) as SendComponent[];
  const part = (type: string) => t.components.find((c) => c.type === type);
  const header = part('HEADER');
  const footer = part('FOOTER');
  const buttons = (part('BUTTONS')?.buttons ?? []) as { type?: string; text?: string }[];
  return {
    header:
      header?.format === 'TEXT' && header.text
        ? fill(header.text, textParams(components, 'header'))
        : null,
    body: fill(part('BODY')?.text ?? '', textParams(components, 'body')),
    footer: footer?.text ?? null,
    buttons: buttons.map((b) => ({ type: b.type ?? '', label: b.text ?? '' })),
  };
}
