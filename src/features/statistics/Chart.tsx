import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * A chart drawn by uPlot on a canvas (small and fast: DESIGN.md's budget), in the theme's
 * colours read from the CSS variables, redrawn when the theme changes or the box resizes.
 * The time and hour axes run left to right in RTL too (as printed charts do); the screen
 * around them mirrors. Purely visual: each chart has its table of the same data beside it.
 */

export interface ChartSeries {
  label: string;
  values: readonly number[];
  /** A CSS variable for its colour (`--accent`). */
  color: string;
}

export interface ChartProps {
  kind: 'bars' | 'lines';
  /** The x labels, one per point (hours, days, roles). */
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** Describes the chart for assistive technology (the table below has the figures). */
  label: string;
  height?: number;
}

function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const observer = new MutationObserver(() => setVersion((v) => v + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
    return () => observer.disconnect();
  }, []);
  return version;
}

const cssVar = (element: Element, name: string, fallback: string): string => getComputedStyle(element).getPropertyValue(name).trim() || fallback;

export function Chart({ kind, labels, series, label, height = 220 }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useThemeVersion();
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The data as one value, so a new array with the same figures does not redraw the chart.
  const figures = JSON.stringify({ labels, series });
  useEffect(() => {
    const element = box.current;
    if (!element || width <= 0) return;
    const { labels, series } = JSON.parse(figures) as { labels: string[]; series: ChartSeries[] };
    const text = cssVar(element, '--text-muted', '#555');
    const grid = cssVar(element, '--border', '#ddd');
    const xs = labels.map((_, i) => i);
    const step = Math.max(1, Math.ceil(labels.length / Math.max(2, Math.floor(width / 56))));
    const font = ['12px', getComputedStyle(element).fontFamily].join(' ');
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, font };
    const bars = uPlot.paths.bars?.({ size: [0.7, 40], align: 0 });
    const plot = new uPlot(
      {
        width,
        height,
        legend: { show: series.length > 1, live: false },
        cursor: { show: true, drag: { x: false, y: false } },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        scales: { x: { time: false, range: (_u, min, max) => (kind === 'bars' ? [min - 0.5, max + 0.5] : [min, max]) }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { ...axis, splits: () => xs.filter((i) => i % step === 0), values: (_u, splits) => splits.map((i) => labels[i] ?? '') },
          { ...axis, size: 48, values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')) },
        ],
        series: [
          { label: '' },
          ...series.map((s) => {
            const color = cssVar(element, s.color, '#1d4ed8');
            return kind === 'bars'
              ? { label: s.label, stroke: color, fill: color, width: 0, paths: bars, points: { show: false } }
              : { label: s.label, stroke: color, width: 2, points: { show: labels.length <= 40, size: 5, fill: color } };
          }),
        ],
      },
      [xs, ...series.map((s) => [...s.values])],
      element,
    );
    plot.root.style.color = text;
    return () => plot.destroy();
  }, [kind, figures, width, height, theme]);

  return <div ref={box} className="statistics-chart" role="img" aria-label={label} dir="ltr" />;
}
