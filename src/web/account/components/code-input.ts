/** A 6-digit code from an authenticator app, as the two-factor settings dialogs ask for it. */
export const authenticatorCodeInput = {
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  maxLength: 6,
  required: true,
  className: 'font-mono tracking-[0.3em]',
} as const;

/** What was typed, less anything but digits: the code is all digits, and a pasted space is common. */
export const digitsOnly = (event: { target: { value: string } }) => event.target.value.replace(/\D/g, '');
