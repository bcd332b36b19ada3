// The 'All Presenters' list of /invite (the spec's section 2): a box of at most 300 px that
// scrolls, each presenter with edit and delete buttons, and a LinkedIn link when they have one.

import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { DeleteIcon, EditIcon } from '../../components/Icons';
import { LinkedInButton } from '../../components/LinkedInButton';
import { presenterName } from '../../lib/presenterForm';
import type { Presenter } from '../../types/presenter';

/** The spec's section 9: "Presenter list box max height: 300px". */
const LIST_MAX_HEIGHT_PX = 300;

interface PresenterListPanelProps {
  /** Null while loading. */
  presenters: Presenter[] | null;
  /** The message to show when the list could not be loaded. */
  failure: string | null;
  /** The presenter in the form, marked in the list. */
  editingId: string | null;
  onEdit: (presenter: Presenter) => void;
  onDelete: (presenter: Presenter) => void;
}

function PresenterRow({
  presenter,
  editing,
  onEdit,
  onDelete,
}: {
  presenter: Presenter;
  editing: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const name = presenterName(presenter);
  const details = [presenter.company, presenter.email].filter((detail) => detail !== '').join(' · ');
  return (
    <ListItem
      divider
      sx={{ gap: 1, pr: 1, bgcolor: editing ? 'action.selected' : undefined }}
      aria-current={editing ? 'true' : undefined}
    >
      <ListItemText
        primary={name}
        secondary={details}
        slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
        sx={{ minWidth: 0 }}
      />
      <Stack direction="row" sx={{ flexShrink: 0 }}>
        {presenter.linkedin_url !== '' && (
          <Tooltip title="LinkedIn">
            <LinkedInButton url={presenter.linkedin_url} name={name} />
          </Tooltip>
        )}
        <Tooltip title="Edit">
          <IconButton onClick={onEdit} aria-label={`Edit ${name}`}>
            <EditIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton onClick={onDelete} aria-label={`Delete ${name}`}>
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      </Stack>
    </ListItem>
  );
}

export function PresenterListPanel({ presenters, failure, editingId, onEdit, onDelete }: PresenterListPanelProps) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        All Presenters
      </Typography>
      {presenters === null && failure === null && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress aria-label="Loading presenters" />
        </Box>
      )}
      {presenters === null && failure !== null && <Typography color="error">{failure}</Typography>}
      {presenters !== null && presenters.length === 0 && <Typography color="text.secondary">No presenters yet.</Typography>}
      {presenters !== null && presenters.length > 0 && (
        <List aria-labelledby={headingId} sx={{ maxHeight: LIST_MAX_HEIGHT_PX, overflowY: 'auto', py: 0 }}>
          {presenters.map((presenter) => (
            <PresenterRow
              key={presenter.id}
              presenter={presenter}
              editing={presenter.id === editingId}
              onEdit={() => onEdit(presenter)}
              onDelete={() => onDelete(presenter)}
            />
          ))}
        </List>
      )}
    </Paper>
  );
}
