import uPlot from 'uplot';
import { groupedBars } from './groupedBars';

/**
 * uPlot's options for the statistics charts: sizes that follow the card, axes whose labels
 * never overlap (a label every n points, n picked from the labels' measured width as the
 * plot draws), integer counts on the value axis, and the theme's colours.
 */

export interface ChartSeries {
  label: string;
  values: readonly number[];
  /** A CSS variable for its colour (`--chart-1`). */
  color: string;
  /** Drawn dashed, so lines stay apart without their colours (lines only). */
  dashed?: boolean;
}

export interface ChartShape {
  kind: 'bars' | 'lines';
  /** Bars lying down, one row per label: for categories whose names are long (roles). */
  horizontal?: boolean;
  /** The x labels, one per point (hours, days, roles). */
  labels: readonly string[];
  series: readonly ChartSeries[];
}

/** Below this width the chart is on a phone: shorter, and smaller margins. */
const narrow = 480;
/** The thickest bar, in CSS pixels: a few bars in a wide card stay bars, not blocks. */
const maxBar = 40;
const maxHorizontalBar = 18;
/** Free space beside each axis label, in CSS pixels. */
const labelRoom = 14;

export function chartHeight({ horizontal = false, labels, series }: ChartShape, width: number): number {
  if (horizontal) return Math.max(140, labels.length * (series.length * (maxHorizontalBar + 2) + 18) + 40);
  return width < narrow ? 210 : 260;
}

const cssVar = (element: Element, name: string, fallback: string): string => getComputedStyle(element).getPropertyValue(name).trim() || fallback;

/** The widest of the texts in the axes' font, in CSS pixels. */
function widest(texts: readonly string[], font: string): number {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return texts.reduce((most, text) => Math.max(most, text.length * 7), 0);
  context.font = font;
  return texts.reduce((most, text) => Math.max(most, context.measureText(text).width), 0);
}

/** Label every `step`-th point: the smallest of these steps that leaves each label its width. */
const labelSteps = [1, 2, 3, 4, 6, 12, 24, 48];
export function labelStep(slot: number, labelWidth: number): number {
  const needed = Math.ceil((labelWidth + labelRoom) / Math.max(1, slot));
  return labelSteps.find((step) => step >= needed) ?? needed;
}

/** The smallest round number (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten) at or above `value`. */
function roundUp(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  const multiple = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((m) => m * power >= value) ?? 10;
  return multiple * power;
}

/** Counts run from zero to a round number a little above the highest bar or point. */
export const countAxisTop = (highest: number): number => (highest > 0 ? Math.ceil(roundUp(highest * 1.08)) : 1);
const countRange = (_plot: uPlot, _min: number, max: number): uPlot.Range.MinMax => [0, countAxisTop(max)];
const countIncrements = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 50_000, 100_000];
const formatCount = (value: number): string => (Number.isInteger(value) ? value.toLocaleString() : '');

export function chartOptions(element: HTMLElement, { kind, horizontal = false, labels, series }: ChartShape, width: number): uPlot.Options {
  const text = cssVar(element, '--text-muted', '#555');
  const grid = cssVar(element, '--border', '#ddd');
  const font = `12px ${getComputedStyle(element).fontFamily}`;
  const phone = width < narrow;
  const rtl = getComputedStyle(element.parentElement ?? element).direction === 'rtl';
  const labelWidth = widest(labels, font);
  const last = Math.max(0, labels.length - 1);
  // Half a slot beyond the first and last points, so their labels are not cut at the edges.
  const categoryRange: [number, number] = [-0.5, last + 0.5];
  const axis = { stroke: text, font, grid: { stroke: grid, width: 1 }, ticks: { show: false } } satisfies uPlot.Axis;

  const categoryAxis: uPlot.Axis = horizontal
    ? {
        ...axis,
        side: rtl ? 1 : 3,
        grid: { show: false },
        // Every role named in full: the axis is as wide as the longest name, at most 40% of the chart.
        size: Math.min(Math.ceil(labelWidth) + labelRoom + 4, Math.round(width * 0.4)),
        splits: () => labels.map((_, i) => i),
        values: (_plot, splits) => splits.map((i) => labels[i] ?? ''),
      }
    : {
        ...axis,
        grid: { ...axis.grid, show: kind === 'lines' },
        size: 30,
        gap: 6,
        splits: (plot) => {
          const slot = plot.bbox.width / uPlot.pxRatio / (categoryRange[1] - categoryRange[0] || 1);
          const step = labelStep(slot, labelWidth);
          // On a narrow plot the first label would run under the count axis' "0": start a few points in.
          const first = Math.ceil(Math.max(0, labelWidth / 2 - slot / 2 - 4) / slot);
          return labels.map((_, i) => i).filter((i) => i >= first && (i - first) % step === 0);
        },
        values: (_plot, splits) => splits.map((i) => labels[i] ?? ''),
      };
  const countAxis: uPlot.Axis = {
    ...axis,
    ...(horizontal ? { side: 2 } : {}),
    incrs: countIncrements,
    space: horizontal ? 56 : phone ? 28 : 36,
    size: (_plot, values) => (horizontal ? 30 : Math.ceil(widest(values ?? [], font)) + labelRoom + 4),
    values: (_plot, splits) => splits.map(formatCount),
  };

  return {
    width,
    height: chartHeight({ kind, horizontal, labels, series }, width),
    // The table has the figures and the legend is the page's own (Chart.tsx): no cursor, no uPlot legend.
    legend: { show: false },
    cursor: { show: false },
    padding: [phone ? 10 : 14, phone ? 10 : 16, 0, horizontal && rtl ? 16 : 0],
    scales: {
      x: { time: false, range: () => categoryRange, ...(horizontal ? { ori: 1, dir: -1 } : {}) },
      y: { range: countRange, ...(horizontal ? { ori: 0, dir: rtl ? -1 : 1 } : {}) },
    },
    axes: [categoryAxis, countAxis],
    series: [
      {},
      ...series.map((s, index): uPlot.Series => {
        const color = cssVar(element, s.color, '#1d4ed8');
        return kind === 'bars'
          ? {
              label: s.label,
              fill: color,
              stroke: color,
              width: 0,
              paths: groupedBars({ index, count: series.length, maxBar: horizontal ? maxHorizontalBar : maxBar }),
              points: { show: false },
            }
          : {
              label: s.label,
              stroke: color,
              width: 2,
              ...(s.dashed ? { dash: [6, 4] } : {}),
              points: { show: labels.length <= 40 && !phone, size: 5, fill: color, stroke: color },
            };
      }),
    ],
  };
}
