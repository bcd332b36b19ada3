// Presenter management (/invite, admin only; the spec's sections 2, 5 and 8): the 'Add New
// Presenter' / 'Edit Presenter' form on the left, the 'All Presenters' list on the right (stacked
// on narrow screens), 'Confirm Delete', and below them, full width, the 'Invite Presenter' section
// (invites with their links, QR codes and e-mails). The presenters come live from the admin
// context; this screen tells the admin how each save went, with the spec's toasts (4 s).

import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useLoad } from '../../components/useLoad';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { timings } from '../../config/constants';
import { useAdmin } from '../../contexts/AdminContext';
import { addPresenter, deletePresenter, getQuestionTitles, updatePresenter } from '../../db/presenters';
import { presenterName } from '../../lib/presenterForm';
import type { Presenter, PresenterFields } from '../../types/presenter';
import { InviteSection } from './InviteSection';
import { PresenterForm } from './PresenterForm';
import { PresenterListPanel } from './PresenterListPanel';

export const presenterMessages = {
  added: 'Presenter added successfully.',
  updated: 'Presenter updated successfully.',
  deleted: 'Presenter deleted successfully.',
  addFailed: 'Failed to add presenter.',
  updateFailed: 'Failed to update presenter.',
  deleteFailed: 'Failed to delete presenter.',
  loadFailed: 'Failed to load presenters.',
} as const;

const toastOptions = { autoClose: timings.adminToastMs };

export function PresenterManagement() {
  const { presenters, presentersError } = useAdmin();
  const questions = useLoad('questions', getQuestionTitles);
  const [editing, setEditing] = useState<Presenter | null>(null);
  /** A new key gives a fresh, empty form after an add. */
  const [formKey, setFormKey] = useState(0);
  const [confirm, setConfirm] = useState<{ open: boolean; presenter: Presenter | null }>({ open: false, presenter: null });
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (presentersError) toast.error(presenterMessages.loadFailed, { ...toastOptions, toastId: presenterMessages.loadFailed });
  }, [presentersError]);

  const save = async (fields: PresenterFields): Promise<boolean> => {
    const id = editing?.id ?? null;
    try {
      if (id === null) await addPresenter(fields);
      else await updatePresenter(id, fields);
    } catch (error) {
      console.warn('Saving the presenter failed.', error);
      toast.error(id === null ? presenterMessages.addFailed : presenterMessages.updateFailed, toastOptions);
      return false;
    }
    toast.success(id === null ? presenterMessages.added : presenterMessages.updated, toastOptions);
    setEditing(null);
    setFormKey((key) => key + 1);
    return true;
  };

  const remove = async () => {
    const presenter = confirm.presenter;
    if (!presenter) return;
    setDeleting(true);
    try {
      await deletePresenter(presenter.id);
      toast.success(presenterMessages.deleted, toastOptions);
      if (editing?.id === presenter.id) setEditing(null);
    } catch (error) {
      console.warn('Deleting the presenter failed.', error);
      toast.error(presenterMessages.deleteFailed, toastOptions);
    } finally {
      setDeleting(false);
      setConfirm({ open: false, presenter });
    }
  };

  return (
    <>
      <Typography component="h1">
        <VisuallyHidden>Presenter Management</VisuallyHidden>
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 2, md: 3 }} sx={{ alignItems: { md: 'flex-start' } }}>
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <PresenterForm
            key={`${editing?.id ?? 'new'}-${formKey}`}
            presenter={editing}
            questions={questions}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        </Stack>
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <PresenterListPanel
            presenters={presenters}
            failure={presentersError ? presenterMessages.loadFailed : null}
            editingId={editing?.id ?? null}
            onEdit={setEditing}
            onDelete={(presenter) => setConfirm({ open: true, presenter })}
          />
        </Stack>
      </Stack>
      <Box sx={{ mt: { xs: 2, md: 3 } }}>
        <InviteSection />
      </Box>
      <ConfirmDialog
        open={confirm.open}
        title="Confirm Delete"
        // The presenter is kept while the dialog closes, so its text does not change.
        question={`Are you sure you want to delete ${confirm.presenter ? presenterName(confirm.presenter) : ''}?`}
        confirmLabel="Delete"
        busy={deleting}
        busyLabel="Deleting"
        destructive
        onCancel={() => setConfirm((previous) => ({ ...previous, open: false }))}
        onConfirm={remove}
      />
    </>
  );
}
