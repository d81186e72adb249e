import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The browser's localStorage, shared by every tab: here, one Map. */
function stubStorage(): Map<string, string> {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  });
  return items;
}

describe('last activity', () => {
  let items: Map<string, string>;
  let LAST_ACTIVITY_STORAGE_KEY: string;
  let noteActivity: (at?: number) => void;
  let lastActivityAt: () => number | null;
  beforeEach(async () => {
    items = stubStorage();
    // A tab of its own for each test: the module keeps the tab's latest activity, and other
    // test files of this worker have noted theirs in it.
    vi.resetModules();
    ({ LAST_ACTIVITY_STORAGE_KEY, noteActivity, lastActivityAt } = await import('./last-activity'));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shares this tab's activity with the other tabs, and reads theirs", () => {
    const now = Date.parse('2030-01-01T12:00:00.000Z');
    noteActivity(now);
    expect(items.get(LAST_ACTIVITY_STORAGE_KEY)).toBe(String(now));
    items.set(LAST_ACTIVITY_STORAGE_KEY, String(now + 60_000)); // another tab, a minute later
    expect(lastActivityAt()).toBe(now + 60_000);
  });

  it('never moves the shared moment back', () => {
    const now = Date.parse('2031-01-01T12:00:00.000Z');
    items.set(LAST_ACTIVITY_STORAGE_KEY, String(now));
    noteActivity(now - 1000);
    expect(items.get(LAST_ACTIVITY_STORAGE_KEY)).toBe(String(now));
  });
});
