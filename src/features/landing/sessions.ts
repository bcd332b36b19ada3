// The sessions the landing page offers. A session links either inside the app (same tab) or to
// another site (new tab). Only the med-tech session is listed for now; the agriculture-tech
// session is run on its own site and is kept here, unlisted, for when the office lists it again.

import { paths } from '../../config/paths';

export interface Session {
  id: string;
  title: string;
  description: string;
  time: string;
  /** An app path (opens in the same tab) or an absolute URL (opens in a new tab). */
  link: string;
  listed: boolean;
}

export const sessions: readonly Session[] = [
  {
    id: 'agri-tech',
    title: 'Agriculture-Tech Pitch Session',
    description: 'Innovators in food and farming technology pitch to partners and experts.',
    time: '10:15 AM',
    link: 'https://agritech.example.edu/pitch-session',
    listed: false,
  },
  {
    id: 'med-tech',
    title: 'Med-Tech Pitch Session',
    description: 'Early-stage health innovators pitch for 3 minutes each. Follow the live queue and rate each pitch.',
    time: '11:15 AM',
    link: paths.presenters,
    listed: true,
  },
];

export function isExternalLink(link: string): boolean {
  return /^https?:\/\//i.test(link);
}
