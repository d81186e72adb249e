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

/** What the first proof of an address took away (auth/address-proof.ts). */
export interface RemovedKeys {
  password: boolean;
  twoFactor: boolean;
  apiKeys: number;
  webhookEndpoints: number;
}

function removedList(removed: RemovedKeys): string[] {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    ...(removed.password ? ['the password'] : []),
    ...(removed.twoFactor ? ['two-factor authentication'] : []),
    ...(removed.apiKeys > 0 ? [`${count(removed.apiKeys, 'API key', 'API keys')} (revoked)`] : []),
    ...(removed.webhookEndpoints > 0
      ? [`${count(removed.webhookEndpoints, 'webhook endpoint', 'webhook endpoints')} (turned off)`]
      : []),
  ];
}

export function addressProvenMessage(config: Config, name: string, removed: RemovedKeys): EmailContent {
  const what = removedList(removed);
  return renderEmail({
    emailClass: 'account',
    brandName: config.brand.name,
    subject: `Your email address is confirmed: you can set a password now`,
    heading: 'Your email address is confirmed',
    paragraphs: [
      `Hi ${name},`,
      `This address was confirmed for the first time just now. Until then anybody could have signed up with it and set up the account, so we removed what was set up before the confirmation: ${what.join(', ')}.`,
      removed.password
        ? 'You can set a password now: the link below sends a one-time link to this address, where you choose it.'
        : 'Sign in as before; set up again what you still need.',
    ],
    ...(removed.password
      ? { action: { label: 'Set a password', url: new URL('/forgot-password', config.publicUrl).toString() } }
      : {}),
    footer: 'If you set these up yourself, set them up again now: only this mailbox can do it from here on.',
  });
}
