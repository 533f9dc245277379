import { msg } from '@lingui/core/macro';
import type { SVGProps } from 'react';
import { defineUiModule } from '../../modules/uiModule';

/** Bars rising: the statistics' navigation icon (drawn like src/ui/icons.tsx). */
const ChartIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    className="icon"
    {...p}
  >
    <path d="M3 3v18h18M8 17v-5M13 17V7M18 17v-8" />
  </svg>
);

/**
 * The statistics screen (docs/features/statistics.md): `/statistics`, for administrators (the college's
 * figures) and staff (the reads of their own posts). Online only, no data module: the
 * figures come from the server. In the shell's first download: no screens, no uPlot.
 */
export const statisticsUi = defineUiModule({
  name: 'statistics',
  routes: [{ path: 'statistics', lazy: () => import('./readRoutes').then((m) => m.statisticsRoute) }],
  nav: [{ to: '/statistics', section: '/statistics', label: msg`Statistics`, icon: ChartIcon, order: 850, permission: 'statistics.read' }],
});
