import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, good enough for assertions on our own invoices: inflates each
 * content stream and decodes the hex strings the standard fonts are drawn with.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      content = match[1] ?? '';
    }
    for (const text of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g)) {
      const hexes = text[1]
        ? [...text[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => h[1] ?? '')
        : [text[2] ?? ''];
      parts.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
  }
  return parts.join('\n');
}
