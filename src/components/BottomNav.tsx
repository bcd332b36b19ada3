// The bottom navigation on every page: Home, Presenters and Profile, with the current one marked.

import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { HomeIcon, PeopleIcon, PersonIcon } from './Icons';

const items = [
  { label: 'Home', to: paths.home, icon: <HomeIcon /> },
  { label: 'Presenters', to: paths.presenters, icon: <PeopleIcon /> },
  { label: 'Profile', to: paths.profile, icon: <PersonIcon /> },
] as const;

function currentItem(pathname: string): string | null {
  if (pathname === paths.home) return paths.home;
  if (pathname.startsWith(paths.presenters) || pathname.startsWith(paths.questions(''))) return paths.presenters;
  if (pathname.startsWith(paths.profile)) return paths.profile;
  return null;
}

export function BottomNav() {
  const { pathname } = useLocation();
  const current = currentItem(pathname);
  return (
    <Paper
      component="nav"
      aria-label="Main"
      elevation={3}
      sx={{
        position: 'fixed',
        bottom: 0,
        left: 0,
        right: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation showLabels value={current}>
        {items.map((item) => (
          <BottomNavigationAction
            key={item.to}
            label={item.label}
            value={item.to}
            icon={item.icon}
            component={RouterLink}
            to={item.to}
            aria-current={current === item.to ? 'page' : undefined}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
