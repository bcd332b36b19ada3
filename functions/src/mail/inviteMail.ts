// The invite e-mail (presenter onboarding): the signup link an admin's 'Send invite'
// mails to the invitee, as a button and as plain text, in an HTML part and a text part. The spec
// has no words for it (DECISIONS.md: build what people would expect); React renders it on the
// server, through react-email's components, without JSX so every tsconfig can compile it.

import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { createElement as h } from 'react';

export interface InviteMailInput {
  organisation: string;
  /** The invite's absolute signup link (`signup_url`). */
  signupUrl: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export const inviteMailSubject = (organisation: string): string => `You are invited to present at ${organisation}`;

const styles = {
  body: { backgroundColor: '#f4f5f7', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', maxWidth: '560px', padding: '32px' },
  heading: { color: '#1a1a1a', fontSize: '22px', margin: '0 0 16px' },
  text: { color: '#333333', fontSize: '16px', lineHeight: '24px' },
  button: { backgroundColor: '#1565c0', borderRadius: '6px', color: '#ffffff', fontSize: '16px', padding: '12px 20px' },
  link: { color: '#1565c0', wordBreak: 'break-all' as const },
  footer: { color: '#6b6b6b', fontSize: '13px', lineHeight: '20px' },
};

function InviteMail({ organisation, signupUrl }: InviteMailInput) {
  const subject = inviteMailSubject(organisation);
  return h(
    Html,
    { lang: 'en' },
    h(Head, null),
    h(Preview, null, `Sign up as a presenter at ${organisation}.`),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: 'h1', style: styles.heading }, subject),
        h(Text, { style: styles.text }, 'Hello,'),
        h(
          Text,
          { style: styles.text },
          `${organisation} invites you to pitch your innovation at its live pitch session. `,
          'Sign up as a presenter with the button below; the link is yours alone and works once.',
        ),
        h(Section, { style: { margin: '24px 0' } }, h(Button, { href: signupUrl, style: styles.button }, 'Sign up to present')),
        h(Text, { style: styles.text }, 'Or open this link in your browser:'),
        h(Text, { style: styles.text }, h(Link, { href: signupUrl, style: styles.link }, signupUrl)),
        h(Hr, null),
        h(Text, { style: styles.footer }, 'If you did not expect this invitation, you can ignore this e-mail.'),
      ),
    ),
  );
}

/** The invite e-mail's subject, HTML and plain text. */
export async function renderInviteMail(input: InviteMailInput): Promise<RenderedMail> {
  const element = h(InviteMail, input);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: inviteMailSubject(input.organisation), html, text };
}
