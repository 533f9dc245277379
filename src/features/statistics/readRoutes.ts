import './statistics.css';
import { StatisticsScreen } from './StatisticsScreen';

/** The statistics screen (`/statistics`), one chunk with uPlot: nothing of it in the shell. */
export const statisticsRoute = { Component: StatisticsScreen };
