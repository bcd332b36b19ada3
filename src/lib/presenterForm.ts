// The admin's 'Add New Presenter' / 'Edit Presenter' form (the spec's section 5): its values, the
// one problem to show on submit, and the fields it saves. First name, last name and e-mail are
// required; everything else is optional. Where the spec is silent: the phone, when given, has the
// profile's format and message; links (website, photo, LinkedIn) must be http(s) addresses, as
// the screens open them; lengths are capped as firestore.rules caps them.

import { isValidEmail, isValidPhone, validationMessages } from '../../domain/validation';
import type { Presenter, PresenterFields } from '../types/presenter';

export const presenterFormMessages = {
  required: 'Please fill in the first name, last name, and email.',
  invalidEmail: 'Please enter a valid email.',
  invalidPhone: validationMessages.invalidPhone,
  invalidUrl: 'Please enter a web address starting with http:// or https://',
} as const;

export type PresenterFormValues = PresenterFields;

export type PresenterTextField = Exclude<keyof PresenterFormValues, 'favourites'>;

/** The longest value each field may hold (firestore.rules refuses longer ones). */
export const presenterFieldLimits: Record<PresenterTextField, number> = {
  first_name: 100,
  last_name: 100,
  email: 254,
  company: 200,
  phone: 20,
  website: 2048,
  profile_url: 2048,
  linkedin_url: 2048,
};

const URL_FIELDS = ['website', 'profile_url', 'linkedin_url'] as const;

export const emptyPresenterForm: PresenterFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  company: '',
  phone: '',
  website: '',
  profile_url: '',
  linkedin_url: '',
  favourites: [],
};

/** The form filled in with a stored presenter, for 'Edit Presenter'. */
export function presenterFormValues(presenter: Presenter): PresenterFormValues {
  return {
    first_name: presenter.first_name,
    last_name: presenter.last_name,
    email: presenter.email,
    company: presenter.company,
    phone: presenter.phone,
    website: presenter.website,
    profile_url: presenter.profile_url,
    linkedin_url: presenter.linkedin_url,
    favourites: [...presenter.favourites],
  };
}

export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

export interface PresenterFormProblem {
  message: string;
  /** The fields to mark invalid, in form order (the first one takes the focus). */
  fields: PresenterTextField[];
}

/** What stops the form from being saved, the spec's messages first; null when it can be saved. */
export function presenterFormProblem(values: PresenterFormValues): PresenterFormProblem | null {
  const trimmed = toPresenterFields(values);
  const missing = (['first_name', 'last_name', 'email'] as const).filter((field) => trimmed[field] === '');
  if (missing.length > 0) return { message: presenterFormMessages.required, fields: missing };
  if (!isValidEmail(trimmed.email)) return { message: presenterFormMessages.invalidEmail, fields: ['email'] };
  if (trimmed.phone !== '' && !isValidPhone(trimmed.phone))
    return { message: presenterFormMessages.invalidPhone, fields: ['phone'] };
  const badLinks = URL_FIELDS.filter((field) => trimmed[field] !== '' && !isWebAddress(trimmed[field]));
  if (badLinks.length > 0) return { message: presenterFormMessages.invalidUrl, fields: badLinks };
  return null;
}

/** What the form saves: every text trimmed, the favourites without repeats. */
export function toPresenterFields(values: PresenterFormValues): PresenterFields {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    company: values.company.trim(),
    phone: values.phone.trim(),
    website: values.website.trim(),
    profile_url: values.profile_url.trim(),
    linkedin_url: values.linkedin_url.trim(),
    favourites: [...new Set(values.favourites)],
  };
}

/** The favourites with `questionId` ticked or unticked; other ids (also of questions not shown) stay. */
export function toggleFavourite(favourites: readonly string[], questionId: string, ticked: boolean): string[] {
  const others = favourites.filter((id) => id !== questionId);
  return ticked ? [...others, questionId] : others;
}

/** "First Last", as the list and the delete dialog name a presenter. */
export function presenterName(presenter: Pick<Presenter, 'first_name' | 'last_name'>): string {
  return `${presenter.first_name} ${presenter.last_name}`.trim();
}
