import './documents.css';
import { LibraryScreen } from './LibraryScreen';

/**
 * The library's screens (the original app's `/documentos` and `/documentos/{category}`), in
 * one chunk: the list, the category, the storage panel and the upload queue.
 */
export const libraryRoute = { Component: LibraryScreen };
