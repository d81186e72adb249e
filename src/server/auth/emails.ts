import type { Config } from '../config';
import { type EmailContent, renderEmail } from '../mail/templates';

/** The account e-mails: verify address, sign-in code, password reset. */

export function verifyEmailMessage(config: Config, name: string, url: string): EmailContent {
  return renderEmail({
    emailClass: 'account',
    brandName: config.brand.name,
    subject: `Confirm your email for ${config.brand.name}`,
    heading: 'Confirm your email address',
    paragraphs: [`Hi ${name},`, `Confirm this address to finish creating your ${config.brand.name} account.`],
    action: { label: 'Confirm email', url },
    footer: "If you didn't create an account, you can ignore this email.",
  });
}

export function signInCodeMessage(config: Config, code: string): EmailContent {
  return renderEmail({
    emailClass: 'account',
    brandName: config.brand.name,
    subject: `Your ${config.brand.name} sign-in code: ${code}`,
    heading: 'Your sign-in code',
    paragraphs: ['Enter this code on the sign-in page. It expires in 10 minutes.'],
    code,
    footer: "If you didn't try to sign in, you can ignore this email; nobody can sign in without the code.",
  });
}

export function passwordResetMessage(config: Config, name: string, url: string): EmailContent {
  return renderEmail({
    emailClass: 'account',
    brandName: config.brand.name,
    subject: `Reset your ${config.brand.name} password`,
    heading: 'Reset your password',
    paragraphs: [`Hi ${name},`, 'Use the link below to choose a new password. It expires in one hour.'],
    action: { label: 'Choose a new password', url },
    footer: "If you didn't ask for this, you can ignore this email; your password stays the same.",
  });
}
