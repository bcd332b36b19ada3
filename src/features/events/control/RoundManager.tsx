// The control screen's right panel, 'Manage Presenters' (the spec's sections 2 and 4): the round
// selector, the live position ('index + 1 / total'), previous / start-stop / next, the presenter
// dropdown with 'Add Presenter to Round {n}', and the round's running order with an Options menu
// per entry (Move Up, Move Down, Remove). Every change goes through `run`, which computes it
// against the server's current event.

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type MouseEvent } from 'react';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { MoreVertIcon, NextIcon, PlayIcon, PreviousIcon, StopIcon } from '../../../components/Icons';
import type { Event, PresenterEntry } from '../../../types/event';
import type { Presenter } from '../../../types/presenter';
import { currentRoundEntries, orderedRounds } from '../../../../domain/rounds';
import type { ControlCommand } from '../../../../domain/eventControl';
import { SHORTCUT_HELP } from './useControlShortcuts';

export interface RoundManagerProps {
  event: Event;
  /** Every presenter (null while loading). */
  presenters: Presenter[] | null;
  run: (command: ControlCommand) => void;
}

const nameOf = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();

/** The round each presenter is in, by presenter id. */
function assignedRounds(event: Event): Map<string, number> {
  const assigned = new Map<string, number>();
  for (const round of orderedRounds(event.rounds)) {
    for (const entry of round.entries) assigned.set(entry.presenter_id, round.roundNumber);
  }
  return assigned;
}

function EntryOptions({
  entry,
  first,
  last,
  onCommand,
}: {
  entry: PresenterEntry;
  first: boolean;
  last: boolean;
  onCommand: (kind: 'moveUp' | 'moveDown' | 'remove') => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (kind: 'moveUp' | 'moveDown' | 'remove') => {
    setAnchor(null);
    onCommand(kind);
  };
  const menuId = `options-${entry.presenter_id}`;
  return (
    <>
      <IconButton
        aria-label={`Options for ${nameOf(entry)}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled={first} onClick={() => choose('moveUp')}>
          Move Up
        </MenuItem>
        <MenuItem disabled={last} onClick={() => choose('moveDown')}>
          Move Down
        </MenuItem>
        <MenuItem onClick={() => choose('remove')}>Remove</MenuItem>
      </Menu>
    </>
  );
}

export function RoundManager({ event, presenters, run }: RoundManagerProps) {
  const [selected, setSelected] = useState('');
  const rounds = orderedRounds(event.rounds);
  const entries = currentRoundEntries(event);
  const roundNumber = event.roundNumber;
  const assigned = assignedRounds(event);
  const position = event.presenterIndex + 1;
  const chosen = presenters?.find((presenter) => presenter.id === selected) ?? null;

  const add = () => {
    if (!chosen) return;
    run({
      kind: 'add',
      roundNumber,
      entry: { presenter_id: chosen.id, first_name: chosen.first_name, last_name: chosen.last_name },
    });
    setSelected('');
  };

  return (
    <Paper component="section" aria-labelledby="manage-presenters-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography id="manage-presenters-heading" variant="h6" component="h2">
          Manage Presenters
        </Typography>

        <ToggleButtonGroup
          exclusive
          aria-label="Round"
          value={roundNumber}
          onChange={(_, value: number | null) => {
            if (value !== null && value !== roundNumber) run({ kind: 'selectRound', roundNumber: value });
          }}
          size="small"
        >
          {rounds.map((round) => (
            <ToggleButton key={round.key} value={round.roundNumber}>
              Round {round.roundNumber}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>

        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="h4" component="p" sx={{ minWidth: 96 }}>
            <span aria-hidden>
              {position} / {entries.length}
            </span>
            <VisuallyHidden>
              Presenter {position} of {entries.length}
            </VisuallyHidden>
          </Typography>
          <Tooltip title="Previous presenter (← or P)">
            <IconButton aria-label="Previous presenter" onClick={() => run({ kind: 'previous' })} size="large">
              <PreviousIcon fontSize="inherit" />
            </IconButton>
          </Tooltip>
          <Tooltip title={`${event.isEventOpen ? 'Stop' : 'Start'} the event (S)`}>
            <IconButton
              aria-label={event.isEventOpen ? 'Stop the event' : 'Start the event'}
              onClick={() => run({ kind: event.isEventOpen ? 'stop' : 'start' })}
              color={event.isEventOpen ? 'error' : 'success'}
              size="large"
            >
              {event.isEventOpen ? <StopIcon fontSize="inherit" /> : <PlayIcon fontSize="inherit" />}
            </IconButton>
          </Tooltip>
          <Tooltip title="Next presenter (→ or N)">
            <IconButton aria-label="Next presenter" onClick={() => run({ kind: 'next' })} size="large">
              <NextIcon fontSize="inherit" />
            </IconButton>
          </Tooltip>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {SHORTCUT_HELP}
        </Typography>

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <FormControl size="small" sx={{ flex: 1, minWidth: 200 }}>
            <InputLabel id="add-presenter-label">Presenter</InputLabel>
            <Select
              labelId="add-presenter-label"
              label="Presenter"
              value={selected}
              onChange={(change) => setSelected(change.target.value)}
            >
              {presenters === null && (
                <MenuItem value="" disabled>
                  Loading presenters…
                </MenuItem>
              )}
              {presenters?.length === 0 && (
                <MenuItem value="" disabled>
                  No presenters yet
                </MenuItem>
              )}
              {presenters?.map((presenter) => {
                const inRound = assigned.get(presenter.id);
                return (
                  <MenuItem key={presenter.id} value={presenter.id} disabled={inRound !== undefined}>
                    {nameOf(presenter)}
                    {inRound !== undefined ? ` (Round ${inRound})` : ''}
                  </MenuItem>
                );
              })}
            </Select>
          </FormControl>
          <Button variant="contained" onClick={add} disabled={!chosen}>
            Add Presenter to Round {roundNumber}
          </Button>
        </Stack>

        {entries.length === 0 ? (
          <Typography color="text.secondary">No presenters in Round {roundNumber} yet.</Typography>
        ) : (
          <List aria-label={`Round ${roundNumber} presenters`} dense>
            {entries.map((entry, index) => {
              const live = index === event.presenterIndex;
              return (
                <ListItem
                  key={entry.presenter_id}
                  divider
                  secondaryAction={
                    <EntryOptions
                      entry={entry}
                      first={index === 0}
                      last={index === entries.length - 1}
                      onCommand={(kind) => run({ kind, roundNumber, presenterId: entry.presenter_id })}
                    />
                  }
                  sx={live ? { bgcolor: 'action.selected', borderLeft: 4, borderColor: 'success.main' } : undefined}
                >
                  <Box component="span" sx={{ width: 32, fontWeight: 700 }} aria-hidden>
                    {index + 1}.
                  </Box>
                  <ListItemText primary={nameOf(entry)} />
                  {live && <Chip size="small" label="Live" color="success" sx={{ mr: 5 }} />}
                </ListItem>
              );
            })}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
