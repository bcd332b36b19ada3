// The providers on the insights page (docs/exports-and-insights.md): how many presenters each rated and
// their leniency, the mean and spread of the stars they gave; scrolls sideways on a phone.

import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ProviderInsights } from './insightFigures';
import { oneDecimal } from './StarsChart';

export function ProviderLeniencyTable({ providers }: { providers: ProviderInsights[] }) {
  if (providers.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No provider has answered yet.
      </Typography>
    );
  }
  return (
    <TableContainer tabIndex={0} aria-label="Providers' leniency" sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <caption>Leniency: the mean and spread (standard deviation) of the stars each provider gave.</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Provider</TableCell>
            <TableCell scope="col" align="right">
              Presenters rated
            </TableCell>
            <TableCell scope="col" align="right">
              Star ratings
            </TableCell>
            <TableCell scope="col" align="right">
              Mean stars
            </TableCell>
            <TableCell scope="col" align="right">
              Spread
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {providers.map((provider) => (
            <TableRow key={provider.providerId}>
              <TableCell component="th" scope="row">
                {provider.name}
                {provider.company && (
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {provider.company}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{provider.presentersRated}</TableCell>
              <TableCell align="right">{provider.leniency.count}</TableCell>
              <TableCell align="right">{provider.leniency.count === 0 ? '–' : oneDecimal(provider.leniency.mean)}</TableCell>
              <TableCell align="right">{provider.leniency.count === 0 ? '–' : oneDecimal(provider.leniency.sd)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
