/**
 * The demo installation's two accounts (D2). They exist only where demo mode seeded them,
 * and the sign-in page shows them only in demo mode.
 */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@panelhub.example', name: 'Avery Admin' },
  customer: { email: 'customer@panelhub.example', name: 'Casey Customer' },
  password: 'demo-password',
} as const;
