// What the two result e-mails share (DECISIONS.md, "Result e-mails"): the frame with the event's
// title and logo, the styles, and the render into an HTML and a plain-text part. The presenter's
// and the provider's mails (presenterResultMail.ts, providerResultMail.ts) fill the frame with
// their own list of contacts. React renders them on the server, through react-email's components,
// without JSX so every tsconfig can compile them (as the invite mail: ../mail/inviteMail.ts).

import { Body, Container, Head, Heading, Hr, Html, Img, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { createElement as h, type ReactElement, type ReactNode } from 'react';
import type { RenderedMail } from '../mail/inviteMail.js';

/** The event as the result mails name it. */
export interface ResultMailEvent {
  title: string;
  /** The event's normal logo's URL, or null when it has none. */
  normalLogo: string | null;
  /**
   * My meetings for the event (`/meetings/{eventId}`) when it has meetings after matching and the
   * app's address is known: the presenter's mail offers it to book conversations with the matches.
   */
  meetingsUrl: string | null;
}

export interface ResultMailFrame {
  organisation: string;
  event: ResultMailEvent;
  subject: string;
  preview: string;
  /** The recipient's first name, for the greeting. */
  firstName: string;
  /** What the list below is. */
  intro: string;
  children: ReactNode;
}

export const resultMailStyles = {
  body: { backgroundColor: '#f4f5f7', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', maxWidth: '560px', padding: '32px' },
  logo: { maxHeight: '64px', maxWidth: '240px', margin: '0 0 16px' },
  heading: { color: '#1a1a1a', fontSize: '22px', margin: '0 0 16px' },
  subheading: { color: '#1a1a1a', fontSize: '18px', margin: '8px 0' },
  text: { color: '#333333', fontSize: '16px', lineHeight: '24px' },
  contact: { borderTop: '1px solid #e0e0e0', padding: '12px 0' },
  name: { color: '#1a1a1a', fontSize: '16px', fontWeight: 'bold', lineHeight: '22px', margin: 0 },
  detail: { color: '#333333', fontSize: '15px', lineHeight: '22px', margin: 0 },
  link: { color: '#1565c0', wordBreak: 'break-all' as const },
  footer: { color: '#6b6b6b', fontSize: '13px', lineHeight: '20px' },
};

/** Only a web address can be a mail's image; anything else (a hand-made value) is left out. */
const isWebUrl = (url: string | null): url is string => url !== null && /^https?:\/\//.test(url);

export function ResultMailLayout({ organisation, event, subject, preview, firstName, intro, children }: ResultMailFrame) {
  return h(
    Html,
    { lang: 'en' },
    h(Head, null),
    h(Preview, null, preview),
    h(
      Body,
      { style: resultMailStyles.body },
      h(
        Container,
        { style: resultMailStyles.container },
        isWebUrl(event.normalLogo) ? h(Img, { src: event.normalLogo, alt: event.title, style: resultMailStyles.logo }) : null,
        h(Heading, { as: 'h1', style: resultMailStyles.heading }, subject),
        h(Text, { style: resultMailStyles.text }, firstName ? `Hello ${firstName},` : 'Hello,'),
        h(Text, { style: resultMailStyles.text }, intro),
        h(Section, null, children),
        h(Hr, null),
        h(
          Text,
          { style: resultMailStyles.footer },
          `You receive this e-mail because you took part in ${event.title}, organised by ${organisation}.`,
        ),
      ),
    ),
  );
}

/** A mail's subject, HTML and plain text from its element. */
export async function renderResultMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
