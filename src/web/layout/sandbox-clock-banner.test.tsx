import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../domain/sandbox-clock';
import { SandboxClockBanner, SandboxClockStrip } from './sandbox-clock-banner';

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('the sandbox clock banner', () => {
  it('says how many days the clock is ahead, one day in the singular', () => {
    expect(text(renderToStaticMarkup(<SandboxClockStrip offsetMs={DAY_MS} />))).toBe(
      'Sandbox clock: 1 day ahead',
    );
    expect(text(renderToStaticMarkup(<SandboxClockStrip offsetMs={31 * DAY_MS} />))).toBe(
      'Sandbox clock: 31 days ahead',
    );
    expect(text(renderToStaticMarkup(<SandboxClockStrip offsetMs={400 * DAY_MS} />))).toBe(
      'Sandbox clock: 400 days ahead',
    );
  });

  it('is a labelled region of its own', () => {
    expect(renderToStaticMarkup(<SandboxClockStrip offsetMs={2 * DAY_MS} />)).toContain(
      'aria-label="Sandbox clock"',
    );
  });

  it('is left out of the prerendered HTML, which hydration must match', () => {
    expect(renderToStaticMarkup(<SandboxClockBanner />)).toBe('');
  });
});
