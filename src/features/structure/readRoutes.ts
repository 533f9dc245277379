import './structure.css';
import { StructureScreen } from './StructureScreen';

/** The structure screen (`/admin/structure`), one chunk. */
export const structureRoute = { Component: StructureScreen };
