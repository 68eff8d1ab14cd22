/**
 * A step's caption: a small Markdown subset — **bold**, *emphasis*, `code` and [text](link) — as
 * Lit templates. Every piece of text is interpolated (escaped by Lit), never parsed as HTML: an
 * `<img onerror=…>` in a caption is shown as those characters. Links go only to the rules
 * reference (`#rule-…`, with the board's `rules-href`) or to http(s) pages; any other link is text.
 */
import { html, type TemplateResult } from 'lit';

const TOKEN = /(\*\*[^*\n]+\*\*|\*[^*\n]+\*|`[^`\n]+`|\[[^\]\n]+\]\([^)\s]+\))/;

/** Where a caption's link goes, or null to show its text only. */
export function linkHref(href: string, rulesHref: string | undefined): string | null {
  if (/^#rule-[a-z0-9-]+$/.test(href)) return rulesHref ? `${rulesHref}${href}` : null;
  return /^https?:\/\/[^\s"'<>]+$/.test(href) ? href : null;
}

export function caption(text: string, rulesHref?: string): (TemplateResult | string)[] {
  return text.split(TOKEN).map((part, i) => {
    if (i % 2 === 0) return part;
    if (part.startsWith('**')) return html`<strong>${part.slice(2, -2)}</strong>`;
    if (part.startsWith('`')) return html`<code>${part.slice(1, -1)}</code>`;
    if (part.startsWith('*')) return html`<em>${part.slice(1, -1)}</em>`;
    const m = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(part)!;
    const href = linkHref(m[2], rulesHref);
    return href ? html`<a href=${href}>${m[1]}</a>` : m[1];
  });
}

/** The caption as plain text (for the live region and the `doom-step` event): the marks dropped. */
export function plainCaption(text: string): string {
  return text.split(TOKEN).map((part, i) => (i % 2 === 0 ? part : part.startsWith('**') ? part.slice(2, -2) : part.startsWith('[') ? /^\[([^\]]+)\]/.exec(part)![1] : part.slice(1, -1))).join('');
}
