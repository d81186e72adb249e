// The panel replacement warranty (docs/product.md §11): what a customer may report, and the
// words the server refuses with. The per-period limit is configuration (REPLACEMENTS_PER_PERIOD)
// and reaches the pages through the site settings.

export const REPLACEMENT_REASONS = ['cannot_sign_in', 'suspended', 'low_capacity', 'other'] as const;
export type ReplacementReason = (typeof REPLACEMENT_REASONS)[number];

export const REPLACEMENT_REASON_LABELS: Record<ReplacementReason, string> = {
  cannot_sign_in: 'I cannot sign in',
  suspended: 'Suspended by the provider',
  low_capacity: 'Capacity below what was sold',
  other: 'Something else',
};

/** A second report on one panel within this time is refused (the first one is being handled). */
export const REPORT_REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The longest note a customer may add. */
export const MAX_REPLACEMENT_NOTE = 1000;

/** The refusals the report and the admin's decisions answer with, shown as they are. */
export const REPLACEMENT_TEXTS = {
  notActive: 'Only a panel that is active in a paid subscription period can be replaced.',
  alreadyOpen: 'This panel already has an open replacement request.',
  repeated:
    'You reported this panel less than 24 hours ago. We are on it; you will get an e-mail when it is replaced.',
  limit: (n: number) =>
    n === 0
      ? 'Panels are not replaced under a warranty here. Please contact support.'
      : `This panel was already replaced ${n === 1 ? 'once' : `${n} times`} in this billing period, the most we replace in one period. Please contact support.`,
  notOpen: 'This replacement request is already decided.',
  orderEnded: 'The order ended before the panel was replaced, so there is no panel left to replace.',
  waiting:
    'No panel is in stock right now. The request waits and is filled automatically, oldest first, when stock arrives.',
} as const;

/** Beside a panel whose place was replaced as often as a period allows, instead of 'Report a problem'. */
export function replacementsUsedText(perPeriod: number): string {
  return `This panel has used its ${perPeriod === 1 ? 'replacement' : `${perPeriod} replacements`} for this period.`;
}

/** Whether 'Report a problem' is offered: the warranty is on and this period's replacements are left. */
export function canReportProblem(replacementsUsed: number, perPeriod: number): boolean {
  return perPeriod > 0 && replacementsUsed < perPeriod;
}

/** The warranty in one sentence, for the policy pages and the report dialog. */
export function replacementPolicyText(perPeriod: number): string {
  if (perPeriod === 0)
    return 'Panels are not replaced free of charge here; write to support if one stops working.';
  const times = perPeriod === 1 ? 'once' : `up to ${perPeriod} times`;
  return `While its subscription period is paid, we replace a panel that stops working free of charge, ${times} per panel in each billing period.`;
}
