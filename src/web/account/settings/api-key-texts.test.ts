// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCOPE_TEXTS } from './api-key-texts';

describe('what a read & write key can do, said as it is today', () => {
  it('names the writes of /api/v1: order, cancel, resume', () => {
    const detail = SCOPE_TEXTS.read_write.detail;
    expect(detail).toContain('place orders');
    expect(detail).toContain('cancel a subscription');
    expect(detail).toContain('resume it');
    expect(detail).not.toMatch(/will offer/);
  });

  it('the API guide says the same, not a promise of changes to come', () => {
    const guide = readFileSync(join(__dirname, '../../public/pages/api-docs/guide-sections.tsx'), 'utf8');
    expect(guide).toContain('READ_WRITE_CHANGES');
    expect(guide).not.toMatch(/will offer/);
  });
});
