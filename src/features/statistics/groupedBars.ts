import uPlot from 'uplot';

/**
 * A uPlot path builder drawing one series of a bar chart as one bar in each category's
 * group, beside the other series' bars (uPlot's own `paths.bars` centres every series on
 * the category, so two series paint over each other). Works for columns and for
 * horizontal bars alike: `uPlot.orient` turns the x scale's direction into the canvas's.
 */
export function groupedBars({ index, count, maxBar }: { index: number; count: number; maxBar: number }): uPlot.Series.PathBuilder {
  return (plot, seriesIndex, first, last) =>
    uPlot.orient(plot, seriesIndex, (_series, dataX, dataY, scaleX, scaleY, valToPosX, valToPosY, xOff, yOff, xDim, yDim, _moveTo, _lineTo, rect) => {
      const path = new Path2D();
      // Categories are 0, 1, 2…: one unit on the x scale is one category's slot (canvas pixels).
      const slot = Math.abs(valToPosX(1, scaleX, xDim, xOff) - valToPosX(0, scaleX, xDim, xOff));
      const bar = Math.max(1, Math.min((slot * 0.72) / count, maxBar * uPlot.pxRatio));
      // A hairline between the bars of a group, so two bars of the same height stay two.
      const gap = count > 1 ? Math.min(2 * uPlot.pxRatio, bar / 4) : 0;
      const base = valToPosY(0, scaleY, yDim, yOff);
      for (let i = first; i <= last; i++) {
        const value = dataY[i];
        const category = dataX[i];
        if (value == null || category == null) continue;
        const start = valToPosX(category, scaleX, xDim, xOff) - (bar * count) / 2 + bar * index;
        const end = valToPosY(value, scaleY, yDim, yOff);
        rect(path, Math.round(start + gap / 2), Math.round(Math.min(base, end)), Math.round(bar - gap), Math.round(Math.abs(base - end)));
      }
      return { stroke: null, fill: path, clip: null, band: null, gaps: null, flags: 0 };
    }) as uPlot.Series.Paths;
}
