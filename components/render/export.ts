/**
 * The board as a picture: its SVG layers (board and overlays) as one standalone SVG with the
 * element's style and its colours resolved, or that SVG drawn into a PNG.
 */

/** One standalone SVG of what the board shows now. */
export function boardSvg(host: HTMLElement): string {
  const root = host.shadowRoot;
  const layers = [...(root?.querySelectorAll('.board > svg') ?? [])];
  if (!layers.length) throw new Error('the board is not drawn yet');
  const css = [...(root!.adoptedStyleSheets ?? [])].flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText)).join('\n')
    || [...root!.querySelectorAll('style')].map((s) => s.textContent).join('\n');
  // The colours are custom properties set on the element (theme, page overrides): resolve them here.
  const computed = getComputedStyle(host);
  const names = [...new Set(css.match(/--doom-[a-z0-9-]+/g) ?? [])];
  const vars = names.map((n) => `${n}:${computed.getPropertyValue(n).trim()}`).filter((d) => !d.endsWith(':')).join(';');
  const box = layers[0].getAttribute('viewBox')!;
  const [, , w, h] = box.split(' ').map(Number);
  const scale = 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${box}" width="${w * scale}" height="${h * scale}" style="${vars};font-family:${computed.fontFamily.replace(/"/g, "'")}">`
    + `<style>${css.replace(/:host\([^)]*\)|:host/g, 'svg')}</style>${layers.map((l) => l.innerHTML).join('')}</svg>`;
}

/** Hand the file to the browser's downloads; the words that say so (the live region's). */
function save(blob: Blob, name: string): string {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  return `Saved the board as shown now to the file ${name}`;
}

const fileName = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'board';

export async function downloadBoard(host: HTMLElement, title: string, format: 'svg' | 'png'): Promise<string> {
  const text = boardSvg(host);
  const svgBlob = new Blob([text], { type: 'image/svg+xml' });
  if (format === 'svg') {
    return save(svgBlob, `${fileName(title)}.svg`);
  }
  const img = new Image();
  const url = URL.createObjectURL(svgBlob);
  try {
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    canvas.getContext('2d')!.drawImage(img, 0, 0);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!png) throw new Error('the browser could not make a PNG of the board');
    return save(png, `${fileName(title)}.png`);
  } finally {
    URL.revokeObjectURL(url);
  }
}
