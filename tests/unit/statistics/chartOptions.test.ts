import { describe, expect, it } from 'vitest';
import { chartHeight, countAxisTop, labelStep } from '../../../src/features/statistics/chartOptions';

describe('statistics chart axes', () => {
  it('labels every hour on a desktop card and every third hour on a phone, so labels never touch', () => {
    const hourLabel = 15; // "00" in 12px type
    expect(labelStep(990 / 24, hourLabel)).toBe(1);
    expect(labelStep(300 / 24, hourLabel)).toBe(3);
  });

  it('spaces the dates of a month so that each keeps its width plus a margin', () => {
    const dateLabel = 34; // "11-25"
    for (const width of [280, 600, 990]) {
      const slot = width / 30;
      expect(labelStep(slot, dateLabel) * slot).toBeGreaterThanOrEqual(dateLabel + 14);
    }
  });

  it('ends the count axis on a round number above the highest value, never at zero', () => {
    expect(countAxisTop(0)).toBe(1);
    expect(countAxisTop(9)).toBe(10);
    expect(countAxisTop(26)).toBe(30);
    expect(countAxisTop(480)).toBe(600);
  });

  it('gives horizontal bars a row per role and shortens columns on a phone', () => {
    const series = [
      { label: 'Members', values: [1, 5, 9, 9], color: '--chart-muted' },
      { label: 'Entered', values: [1, 1, 1, 1], color: '--chart-1' },
    ];
    const labels = ['Administrators', 'Staff', 'Students', 'Guardians'];
    expect(chartHeight({ kind: 'bars', horizontal: true, labels, series }, 320)).toBe(chartHeight({ kind: 'bars', horizontal: true, labels, series }, 990));
    expect(chartHeight({ kind: 'bars', horizontal: true, labels: [...labels, 'More'], series }, 990)).toBeGreaterThan(
      chartHeight({ kind: 'bars', horizontal: true, labels, series }, 990),
    );
    expect(chartHeight({ kind: 'lines', labels, series }, 320)).toBeLessThan(chartHeight({ kind: 'lines', labels, series }, 990));
  });
});
