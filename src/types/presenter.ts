// A presenter as the admin screens see it: the stored presenters/{id} document with its id.

import type { PresenterDocument } from '../../domain/documents';

export interface Presenter extends PresenterDocument {
  id: string;
}

/** What the admin's 'Add New Presenter' / 'Edit Presenter' form saves (the spec's section 5). */
export type PresenterFields = Pick<
  PresenterDocument,
  'first_name' | 'last_name' | 'email' | 'company' | 'phone' | 'website' | 'profile_url' | 'linkedin_url' | 'favourites'
>;
