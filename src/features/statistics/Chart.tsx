import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartHeight, chartOptions, type ChartShape } from './chartOptions';

export type { ChartSeries } from './chartOptions';

/**
 * A chart drawn by uPlot on a canvas (small and fast: docs/features/statistics.md), as wide as its
 * card, in the theme's colours read from the CSS variables, redrawn when the theme changes
 * and resized when the card does. Columns and lines run left to right in RTL too (hours and
 * days, as printed charts do); horizontal bars mirror, their labels on the reading side.
 * Purely visual: each chart has its table of the same data beside it, and its legend is
 * drawn here in HTML so that it wraps and lines up like the rest of the page.
 */

export interface ChartProps extends ChartShape {
  /** Describes the chart for assistive technology (the table below has the figures). */
  label: string;
}

function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const observer = new MutationObserver(() => setVersion((v) => v + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style', 'dir'] });
    return () => observer.disconnect();
  }, []);
  return version;
}

/** The width of the box, in whole CSS pixels, followed as it changes. */
function useWidth(box: React.RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  return width;
}

export function Chart({ kind, horizontal = false, labels, series, label }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const theme = useThemeVersion();
  const width = useWidth(box);
  const measured = width > 0;

  // The data as one value, so a new array with the same figures does not redraw the chart.
  const figures = JSON.stringify({ labels, series });
  useEffect(() => {
    const element = box.current;
    if (!element || !measured) return;
    const shape = { kind, horizontal, ...(JSON.parse(figures) as Pick<ChartShape, 'labels' | 'series'>) };
    const created = new uPlot(
      chartOptions(element, shape, Math.floor(element.getBoundingClientRect().width)),
      [shape.labels.map((_, i) => i), ...shape.series.map((s) => [...s.values])],
      element,
    );
    plot.current = created;
    return () => {
      created.destroy();
      plot.current = null;
    };
  }, [kind, horizontal, figures, measured, theme]);

  // A new width only resizes the plot: its axes pick their label steps again as they draw.
  useEffect(() => {
    const current = plot.current;
    if (!current || width <= 0) return;
    const height = chartHeight({ kind, horizontal, labels, series }, width);
    if (current.width !== width || current.height !== height) current.setSize({ width, height });
  }, [width, kind, horizontal, labels, series]);

  return (
    <div className="statistics-chart-block">
      <div ref={box} className="statistics-chart" role="img" aria-label={label} dir="ltr" />
      {series.length > 1 ? (
        <ul className="statistics-legend" aria-hidden="true">
          {series.map((s) => (
            <li key={s.label}>
              <span
                className={kind === 'lines' ? `statistics-swatch-line${s.dashed ? ' dashed' : ''}` : 'statistics-swatch-bar'}
                style={{ color: `var(${s.color})` }}
              />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
