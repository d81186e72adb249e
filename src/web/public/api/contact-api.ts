import { CONTACT_SEND_FAILED, type ContactRequest } from '../../../domain/contact';

// A plain fetch, not call(siteApi.contact): the declaration module would bring the endpoint
// machinery and the site's other schemas into the contact page's first download (5.5 KB gzipped).

type SendResult = { ok: true } | { ok: false; message: string };

/** Posts the form to /api/contact; any failure comes back as the server's own message. */
export async function sendContact(request: ContactRequest): Promise<SendResult> {
  try {
    const response = await fetch('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    if (response.ok) return { ok: true };
    const body = (await response.json().catch(() => undefined)) as
      | { error?: { message?: string } }
      | undefined;
    return { ok: false, message: body?.error?.message ?? CONTACT_SEND_FAILED };
  } catch {
    return { ok: false, message: CONTACT_SEND_FAILED };
  }
}
