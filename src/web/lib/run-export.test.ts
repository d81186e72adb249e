import { describe, expect, it, vi } from 'vitest';
import type { ExportEffects, ExportJob } from './run-export';
import { runExport } from './run-export';

function spyEffects() {
  return { error: vi.fn(), success: vi.fn(), download: vi.fn() } satisfies ExportEffects;
}

const job = (over: Partial<ExportJob<number>> = {}): ExportJob<number> => ({
  selection: [1, 2],
  nothingSelected: {
    title: 'No panels selected',
    description: 'Please select at least one admin panel to export.',
  },
  headers: ['A', 'B'],
  rows: (ids) => ids.map((id) => [id, `x${id}`]),
  fileName: 'admin_panels_export_2026-03-03.csv',
  successDescription: (n) => `${n} admin panels exported to CSV.`,
  ...over,
});

describe('runExport', () => {
  it('downloads the file and says how many records it holds', async () => {
    const effects = spyEffects();
    expect(await runExport(job(), effects)).toBe(true);
    expect(effects.download).toHaveBeenCalledWith(
      'admin_panels_export_2026-03-03.csv',
      'A,B\r\n1,x1\r\n2,x2',
    );
    expect(effects.success).toHaveBeenCalledWith({
      title: 'Export Successful',
      description: '2 admin panels exported to CSV.',
    });
    expect(effects.error).not.toHaveBeenCalled();
  });

  it('with nothing selected shows the "none selected" message and fetches nothing', async () => {
    const effects = spyEffects();
    const rows = vi.fn();
    expect(await runExport(job({ selection: [], rows }), effects)).toBe(false);
    expect(effects.error).toHaveBeenCalledWith({
      title: 'No panels selected',
      description: 'Please select at least one admin panel to export.',
    });
    expect(rows).not.toHaveBeenCalled();
    expect(effects.download).not.toHaveBeenCalled();
  });

  it("turns any failure (a fetch, an empty result) into 'Export Failed'", async () => {
    for (const rows of [() => Promise.reject(new Error('network')), () => []]) {
      const effects = spyEffects();
      expect(await runExport(job({ rows }), effects)).toBe(false);
      expect(effects.error).toHaveBeenCalledWith({
        title: 'Export Failed',
        description: 'There was an error exporting your data. Please try again.',
      });
      expect(effects.download).not.toHaveBeenCalled();
      expect(effects.success).not.toHaveBeenCalled();
    }
  });
});
