import { textDirection } from '../../contract/direction';
import type { CollegeRow } from '../tenancy/collegeDirectory';

/** The original app's page description, from the app title (the client translates it). */
export function collegeDescription(college: CollegeRow): string {
  return `${college.name} management application`;
}

/** The web app manifest of a college: its own name, colours and icons (incl. maskable). */
export function webAppManifest(college: CollegeRow) {
  const icons = `/colleges/${college.slug}`;
  return {
    id: '/',
    name: college.name,
    short_name: college.shortName,
    description: collegeDescription(college),
    start_url: '/app',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: college.themeColor,
    background_color: college.themeColor,
    lang: college.language,
    dir: textDirection(college.language),
    icons: [
      { src: `${icons}/icon-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `${icons}/icon-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `${icons}/icon-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
