import './members.css';
import { ImportScreen } from './ImportScreen';

/** `/users/import`: the CSV import, with papaparse and the contract (its own chunk). */
export const importRoute = { Component: ImportScreen };
