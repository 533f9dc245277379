import { useOnlineResource } from '../../online/useOnlineResource';
import { fetchFigure, rememberedFigure, type FigureRequest } from './statisticsApi';

export type FigureState<T> =
  | { status: 'loading' }
  /** `stale`: this session's last figures, not the server's answer just now. */
  | { status: 'ready'; data: T; stale: boolean }
  /** Offline with nothing loaded in this session. */
  | { status: 'offline' }
  | { status: 'error' };

/**
 * One figure, asked again when its address changes (the period, the bucket) or the device
 * comes back online; a newer request cancels the older one. The session's last figures for
 * the address are shown meanwhile, offline and when the server fails.
 */
export function useFigure<T>(request: FigureRequest<T>, enabled = true): FigureState<T> {
  const figure = useOnlineResource(request.path, (signal) => fetchFigure(request, signal), {
    enabled,
    remembered: () => rememberedFigure(request),
  });
  if (figure.data !== undefined) return { status: 'ready', data: figure.data, stale: figure.stale };
  if (figure.state === 'offline') return { status: 'offline' };
  if (figure.state === 'failed') return { status: 'error' };
  return { status: 'loading' };
}
