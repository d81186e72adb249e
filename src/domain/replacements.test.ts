import { describe, expect, it } from 'vitest';
import { REPLACEMENT_TEXTS, replacementPolicyText } from './replacements';

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
