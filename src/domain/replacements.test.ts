import { describe, expect, it } from 'vitest';
import {
  canReportProblem,
  REPLACEMENT_TEXTS,
  replacementPolicyText,
  replacementsUsedText,
} from './replacements';

describe('the replacement warranty texts', () => {
  it('say the configured limit in words', () => {
    expect(replacementPolicyText(2)).toContain('up to 2 times per panel in each billing period');
    expect(replacementPolicyText(1)).toContain('once per panel in each billing period');
    expect(replacementPolicyText(0)).toBe(
      'Panels are not replaced free of charge here; write to support if one stops working.',
    );
    expect(REPLACEMENT_TEXTS.limit(1)).toContain('replaced once in this billing period');
    expect(REPLACEMENT_TEXTS.limit(3)).toContain('replaced 3 times in this billing period');
  });
});

describe("'Report a problem' and the replacements a period allows", () => {
  it('is offered while replacements are left, and says why once they are used', () => {
    expect(canReportProblem(0, 2)).toBe(true);
    expect(canReportProblem(1, 2)).toBe(true);
    expect(canReportProblem(2, 2)).toBe(false);
    expect(canReportProblem(0, 0)).toBe(false);
    expect(replacementsUsedText(2)).toBe('This panel has used its 2 replacements for this period.');
    expect(replacementsUsedText(1)).toBe('This panel has used its replacement for this period.');
  });
});
