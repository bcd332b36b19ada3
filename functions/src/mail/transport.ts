// The server reactions' one mail path (DECISIONS.md, "Result e-mails"; docs/email.md): SMTP
// through nodemailer, with the settings read under the same names everywhere. In production they
// are the Functions params below (`firebase deploy` asks for the missing ones or reads them from
// functions/.env; the password lives in Secret Manager); on this machine the Functions emulator
// reads them from the run's .env.local and functions/.secret.local. Every mail the reactions send
// (invites, the result e-mails) goes through a Mailer made here.

import { defineBoolean, defineInt, defineSecret, defineString } from 'firebase-functions/params';
import nodemailer from 'nodemailer';

export interface MailSettings {
  host: string;
  port: number;
  /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
  secure: boolean;
  /** Sign in to the SMTP server when set. */
  user?: string;
  password?: string;
  /** The sender's address; the organisation's name is its display name. */
  from: string;
  /** Who the mails come from, in subjects and texts (a setting with a neutral default). */
  organisation: string;
  /** The app's address (no trailing slash), for links into the app such as a presenter's feedback page. */
  appUrl?: string;
}

export const DEFAULT_ORGANISATION_NAME = 'Polytechnic Innovation Office';

/** The Functions params of the mail path (production). */
export const mailParams = {
  host: defineString('SMTP_HOST', { description: 'The SMTP server the e-mails are sent through, e.g. smtp.example.edu' }),
  port: defineInt('SMTP_PORT', { default: 587, description: 'Its port: 587 (STARTTLS) or 465 (TLS)' }),
  secure: defineBoolean('SMTP_SECURE', { default: false, description: 'true for TLS from the start (port 465)' }),
  user: defineString('SMTP_USER', { default: '', description: 'The SMTP user name; empty to send without signing in' }),
  password: defineSecret('SMTP_PASSWORD'),
  from: defineString('SMTP_FROM', { description: 'The sender address, e.g. innovation@example.edu' }),
  organisation: defineString('ORGANISATION_NAME', {
    default: DEFAULT_ORGANISATION_NAME,
    description: 'The organisation named in the e-mails',
  }),
  appUrl: defineString('APP_URL', {
    default: '',
    description:
      "The app's address for links in the e-mails, e.g. https://pitch.example.edu; empty: the project's default Hosting site",
  }),
};

/** An address without its trailing slashes, so a path can follow it. */
const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

/** The app's address: the setting, else the project's default Hosting site (production), else none. */
function appUrlOf(setting: string, projectId: string | undefined): string | undefined {
  if (setting) return withoutTrailingSlash(setting);
  return projectId ? `https://${projectId}.web.app` : undefined;
}

/** The settings from the Functions params; call it while a function runs, not at load time. */
export function mailSettingsFromParams(): MailSettings {
  const user = mailParams.user.value();
  return {
    host: mailParams.host.value(),
    port: mailParams.port.value(),
    secure: mailParams.secure.value(),
    user: user || undefined,
    password: user ? mailParams.password.value() : undefined,
    from: mailParams.from.value(),
    organisation: mailParams.organisation.value() || DEFAULT_ORGANISATION_NAME,
    appUrl: appUrlOf(mailParams.appUrl.value(), process.env.GCLOUD_PROJECT),
  };
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** A calendar invite (text/calendar with its METHOD), as nodemailer's icalEvent takes it. */
  icalEvent?: { method: string; filename: string; content: string };
}

export interface Mailer {
  readonly organisation: string;
  /** The sender's address (the organiser of a meeting's calendar invite). */
  readonly from: string;
  /** The app's address for links into it, when known. */
  readonly appUrl?: string;
  /** Sends one message; resolves to its Message-ID, rejects with the SMTP server's answer. */
  sendMail(message: MailMessage): Promise<string>;
  /** Closes the pooled connections. */
  close(): void;
}

/** A few connections at most: one reaction's mails queue on them rather than flood the server. */
const MAX_CONNECTIONS = 3;
/** One send gives up after this long, so a hung server cannot hold a reaction (or its claim). */
const SEND_TIMEOUT_MS = 30_000;

export function createMailer(settings: MailSettings): Mailer {
  const transport = nodemailer.createTransport(
    {
      pool: true,
      maxConnections: MAX_CONNECTIONS,
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    },
    { from: { name: settings.organisation, address: settings.from } },
  );
  return {
    organisation: settings.organisation,
    from: settings.from,
    appUrl: settings.appUrl && withoutTrailingSlash(settings.appUrl),
    async sendMail(message) {
      const info = await transport.sendMail({ ...message, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
      return info.messageId;
    },
    close() {
      transport.close();
    },
  };
}
