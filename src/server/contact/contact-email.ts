import type { ContactRequest } from '../../domain/contact';
import type { EmailMessage } from '../mail/send-email';
import { renderEmail } from '../mail/templates';

/** The message support receives; replying to it answers the visitor directly. */
export function contactEmail(request: ContactRequest, to: string, brandName: string): EmailMessage {
  const content = renderEmail({
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
