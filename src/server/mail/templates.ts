import type { EmailClass } from '../../domain/email-preferences';

/** Plain-text and HTML bodies for transactional mail, in one simple layout. */

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  /** Decides whether a preference may stop the message (src/server/outbox/enqueue.ts). */
  emailClass: EmailClass;
}

export interface EmailLayoutInput {
  /** Every message states its class where it is written, so no call site can get it wrong. */
  emailClass: EmailClass;
  brandName: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  /** A prominent code, such as a sign-in code. */
  code?: string;
  action?: { label: string; url: string };
  footer?: string;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** How every rendered body ends; the outbox's preference line goes just before it. */
const LAYOUT_END = '</td></tr></table></td></tr></table></body></html>';

const footerHtml = (text: string, link?: { label: string; url: string }) =>
  `<p style="margin:24px 0 0;font-size:12px;color:#64748b">${escapeHtml(text)}${
    link ? ` <a href="${escapeHtml(link.url)}" style="color:#4f46e5">${escapeHtml(link.label)}</a>` : ''
  }</p>`;

export function renderEmail(input: EmailLayoutInput): EmailContent {
  const textParts = [input.heading, '', ...input.paragraphs.flatMap((p) => [p, ''])];
  if (input.code) textParts.push(input.code, '');
  if (input.action) textParts.push(`${input.action.label}: ${input.action.url}`, '');
  if (input.footer) textParts.push(input.footer, '');
  textParts.push(`- ${input.brandName}`);

  const p = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;
  const html = `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-weight:bold;color:#4f46e5;font-size:18px">${escapeHtml(input.brandName)}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(input.heading)}</h1>
${input.paragraphs.map(p).join('\n')}
${input.code ? `<p style="margin:24px 0;font-size:32px;letter-spacing:8px;font-weight:bold;font-family:monospace">${escapeHtml(input.code)}</p>` : ''}
${input.action ? `<p style="margin:24px 0"><a href="${escapeHtml(input.action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(input.action.label)}</a></p><p style="margin:0 0 16px;font-size:12px;color:#64748b;word-break:break-all">${escapeHtml(input.action.url)}</p>` : ''}
${input.footer ? footerHtml(input.footer) : ''}
${LAYOUT_END}`;
  return { subject: input.subject, text: textParts.join('\n'), html, emailClass: input.emailClass };
}

/**
 * Adds the preference line under a rendered message (the outbox adds it when it sends, since
 * the link is per recipient). A body not rendered by renderEmail keeps its HTML as it is.
 */
export function appendFooter<T extends { text: string; html: string }>(
  content: T,
  line: { text: string; link?: { label: string; url: string } },
): T {
  const text = `${content.text}\n\n${line.text}${line.link ? ` ${line.link.label}: ${line.link.url}` : ''}`;
  const at = content.html.lastIndexOf(LAYOUT_END);
  const html =
    at < 0
      ? content.html
      : `${content.html.slice(0, at)}${footerHtml(line.text, line.link)}\n${content.html.slice(at)}`;
  return { ...content, text, html };
}
