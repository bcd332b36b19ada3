// The presenter's result e-mail (DECISIONS.md, "Result e-mails"): the providers matched to them
// at the event, each with name, company and e-mail, so the presenter can write to them. The
// innovation office's fallback is listed like any match: it is the presenter's contact then.

import { Link, Section, Text } from '@react-email/components';
import { createElement as h } from 'react';
import type { ProviderDetails } from '../../../domain/documents.js';
import type { RenderedMail } from '../mail/inviteMail.js';
import { renderResultMail, ResultMailLayout, resultMailStyles as styles, type ResultMailEvent } from './resultMails.js';

export interface PresenterResultMailInput {
  organisation: string;
  event: ResultMailEvent;
  firstName: string;
  providers: readonly ProviderDetails[];
}

export const presenterResultMailSubject = (eventTitle: string): string => `Your matches from ${eventTitle}`;

function ProviderContact({ provider }: { provider: ProviderDetails }) {
  return h(
    Section,
    { style: styles.contact },
    h(Text, { style: styles.name }, `${provider.first_name} ${provider.last_name}`),
    h(Text, { style: styles.detail }, provider.company),
    h(Text, { style: styles.detail }, h(Link, { href: `mailto:${provider.email}`, style: styles.link }, provider.email)),
  );
}

function PresenterResultMail({ organisation, event, firstName, providers }: PresenterResultMailInput) {
  return h(ResultMailLayout, {
    organisation,
    event,
    subject: presenterResultMailSubject(event.title),
    preview: `The providers matched with your pitch at ${event.title}.`,
    firstName,
    intro: `Thank you for pitching at ${event.title}. These are the people matched with you; write to them to continue the conversation:`,
    children: providers.map((provider, index) => h(ProviderContact, { key: index, provider })),
  });
}

/** The presenter's result e-mail: subject, HTML and plain text. */
export function renderPresenterResultMail(input: PresenterResultMailInput): Promise<RenderedMail> {
  return renderResultMail(presenterResultMailSubject(input.event.title), h(PresenterResultMail, input));
}
