// The provider's result e-mail (DECISIONS.md, "Result e-mails"): the presenters they were matched
// to at the event, each with name, company, e-mail and LinkedIn profile when the presenter gave one,
// and, when the app's address is known, a link that signs them in to their matches on any device.

import { Link, Section, Text } from '@react-email/components';
import { createElement as h } from 'react';
import type { PresenterDetails } from '../../../domain/documents.js';
import type { RenderedMail } from '../mail/inviteMail.js';
import { renderResultMail, ResultMailLayout, resultMailStyles as styles, type ResultMailEvent } from './resultMails.js';

export interface ProviderResultMailInput {
  organisation: string;
  event: ResultMailEvent;
  firstName: string;
  presenters: readonly PresenterDetails[];
  /** The sign-in link to their matches on the results page, or none. */
  resultsUrl?: string | null;
}

export const providerResultMailSubject = (eventTitle: string): string => `The presenters matched with you at ${eventTitle}`;

function PresenterContact({ presenter }: { presenter: PresenterDetails }) {
  return h(
    Section,
    { style: styles.contact },
    h(Text, { style: styles.name }, `${presenter.first_name} ${presenter.last_name}`),
    h(Text, { style: styles.detail }, presenter.company),
    h(Text, { style: styles.detail }, h(Link, { href: `mailto:${presenter.email}`, style: styles.link }, presenter.email)),
    presenter.linkedin_url
      ? h(Text, { style: styles.detail }, h(Link, { href: presenter.linkedin_url, style: styles.link }, presenter.linkedin_url))
      : null,
  );
}

function ProviderResultMail({ organisation, event, firstName, presenters, resultsUrl }: ProviderResultMailInput) {
  return h(ResultMailLayout, {
    organisation,
    event,
    subject: providerResultMailSubject(event.title),
    preview: `The presenters your ratings matched at ${event.title}.`,
    firstName,
    intro: `Thank you for rating the pitches at ${event.title}. Your ratings matched you with these presenters; they will be glad to hear from you:`,
    children: [
      ...presenters.map((presenter, index) => h(PresenterContact, { key: index, presenter })),
      resultsUrl
        ? h(
            Text,
            { key: 'results', style: styles.text },
            'See your matches on the results page, on any device: ',
            h(Link, { href: resultsUrl, style: styles.link }, 'open your matches'),
          )
        : null,
    ],
  });
}

/** The provider's result e-mail: subject, HTML and plain text. */
export function renderProviderResultMail(input: ProviderResultMailInput): Promise<RenderedMail> {
  return renderResultMail(providerResultMailSubject(input.event.title), h(ProviderResultMail, input));
}
