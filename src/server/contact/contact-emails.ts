import type { ContactRequest } from '../../domain/contact';
import { renderEmail } from '../mail/templates';
import type { OutgoingEmail } from '../outbox/enqueue';

/** The message support receives; replying to it answers the visitor directly. */
export function contactEmail(request: ContactRequest, to: string, brandName: string): OutgoingEmail {
  const content = renderEmail({
    emailClass: 'operator',
    brandName,
    subject: `Contact form: ${request.subject}`,
    heading: `Message from ${request.name}`,
    paragraphs: [
      `From: ${request.name} <${request.email}>`,
      `Subject: ${request.subject}`,
      ...request.message.split(/\n{2,}/),
    ],
    footer: 'Sent from the contact form on the website. Reply to this email to answer the sender.',
  });
  return { to, replyTo: request.email, ...content };
}
