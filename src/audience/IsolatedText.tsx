import { Fragment } from 'react';
import { isolatedRuns } from './audienceSummary';

/** A summary whose names keep their own direction (`<bdi>`), in a left-to-right or right-to-left page. */
export function IsolatedText({ text }: { text: string }) {
  return <>{isolatedRuns(text).map((run, index) => (run.isolated ? <bdi key={index}>{run.text}</bdi> : <Fragment key={index}>{run.text}</Fragment>))}</>;
}
