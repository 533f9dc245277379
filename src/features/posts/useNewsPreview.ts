import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { dismissBootPreview } from '../../startup/bootPreview';
import { readNewsPreview, saveNewsPreview } from '../../startup/newsPreview';
import { whenIdle } from '../../ui/whenIdle';

/**
 * The News list and boot.js's copy of it (src/startup/newsPreview.ts). `settled`: the list
 * has its read (cards, or an empty list): the painted copy goes in this same commit.
 * `keep`: this is the first page of every post, with cards, for `user`; what it shows is
 * kept once the page is idle (written only when it changed). `version` changes whenever
 * the list was read again.
 */
export function useNewsPreview({ settled, keep, user, version }: { settled: boolean; keep: boolean; user: string | undefined; version: unknown }): void {
  useLayoutEffect(() => {
    if (settled) dismissBootPreview();
  }, [settled]);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!keep || !user) return;
    // Cancelled when the user moves on (or signs out) before the page is idle.
    return whenIdle(() => void saveNewsPreview(readNewsPreview(document, user, pathname)), 3000);
  }, [keep, user, pathname, version]);
}
