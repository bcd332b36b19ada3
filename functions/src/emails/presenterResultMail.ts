// The presenter's result e-mail (DECISIONS.md, "Result e-mails"): the providers matched to them
// at the event, each with name, company and e-mail, so the presenter can write to them. The
// innovation office's fallback is listed like any match: it is the presenter's contact then.
// When the event shares feedback, the mail also sums up how the pitch was rated,
// question by question, and links to the feedback page with the comments.

import { Heading, Link, Section, Text } from '@react-email/components';
import { createElement as h } from 'react';
import type { ProviderDetails } from '../../../domain/documents.js';
import { feedbackSummaryLine, type QuestionFeedback } from '../../../domain/feedback.js';
import type { RenderedMail } from '../mail/inviteMail.js';
import { renderResultMail, ResultMailLayout, resultMailStyles as styles, type ResultMailEvent } from './resultMails.js';

export interface PresenterResultMailInput {
  organisation: string;
  event: ResultMailEvent;
  firstName: string;
  providers: readonly ProviderDetails[];
  /** The presenter's feedback, when the event shares it: its questions and the page's address (when known). */
  feedback?: { questions: readonly QuestionFeedback[]; url: string | null };
  /** Where the presenter books meetings with the matches, when the event has them (a sign-in link or the page's address). */
  meetingsUrl?: string | null;
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

/** How the pitch was rated: one line per question, and the link to the page with the comments. */
function FeedbackSummary({ questions, url }: NonNullable<PresenterResultMailInput['feedback']>) {
  return h(
    Section,
    { style: styles.contact },
    h(Heading, { as: 'h2', style: styles.subheading }, 'How your pitch was rated'),
    ...questions.map((question) => h(Text, { key: question.question_id, style: styles.detail }, feedbackSummaryLine(question))),
    url
      ? h(
          Text,
          { style: styles.text },
          'Read the comments on your feedback page: ',
          h(Link, { href: url, style: styles.link }, url),
        )
      : null,
  );
}

/** The meetings after matching: where to book a conversation with the matches at the venue. */
function MeetingsInvitation({ url }: { url: string }) {
  return h(
    Section,
    null,
    h(Heading, { as: 'h2', style: styles.subheading }, 'Meet your matches'),
    h(
      Text,
      { style: styles.detail },
      'Book a time and a table with each of them, and see your meetings as they are confirmed, on My meetings: ',
      h(Link, { href: url, style: styles.link }, url),
    ),
  );
}

function PresenterResultMail({ organisation, event, firstName, providers, feedback, meetingsUrl }: PresenterResultMailInput) {
  return h(ResultMailLayout, {
    organisation,
    event,
    subject: presenterResultMailSubject(event.title),
    preview: `The providers matched with your pitch at ${event.title}.`,
    firstName,
    intro: `Thank you for pitching at ${event.title}. These are the people matched with you; write to them to continue the conversation:`,
    children: [
      ...providers.map((provider, index) => h(ProviderContact, { key: index, provider })),
      feedback ? h(FeedbackSummary, { key: 'feedback', ...feedback }) : null,
      meetingsUrl ? h(MeetingsInvitation, { key: 'meetings', url: meetingsUrl }) : null,
    ],
  });
}

/** The presenter's result e-mail: subject, HTML and plain text. */
export function renderPresenterResultMail(input: PresenterResultMailInput): Promise<RenderedMail> {
  return renderResultMail(presenterResultMailSubject(input.event.title), h(PresenterResultMail, input));
}
