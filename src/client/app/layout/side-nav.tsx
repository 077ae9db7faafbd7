import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FacebookIcon from '@mui/icons-material/Facebook';
import HomeIcon from '@mui/icons-material/Home';
import InstagramIcon from '@mui/icons-material/Instagram';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import CloudIcon from '@mui/icons-material/Cloud';
import PeopleIcon from '@mui/icons-material/People';
import PublicIcon from '@mui/icons-material/Public';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import StarIcon from '@mui/icons-material/Star';
import UploadIcon from '@mui/icons-material/Upload';
import YouTubeIcon from '@mui/icons-material/YouTube';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { LabelConfig } from '../../../shared/site-config.js';
import { labelHomePath, labelPath } from '../../lib/current-label.js';
import { accentText } from '../../lib/readable-colour.js';

interface Entry {
  text: string;
  to: string;
  icon: ReactNode;
}

function entriesOf(label: LabelConfig): Entry[] {
  return [
    { text: 'Home', to: labelHomePath(label), icon: <HomeIcon /> },
    { text: 'Artists', to: labelPath(label, 'artists'), icon: <PeopleIcon /> },
    { text: 'Releases', to: labelPath(label, 'releases'), icon: <LibraryMusicIcon /> },
    { text: 'Playlists', to: labelPath(label, 'playlists'), icon: <QueueMusicIcon /> },
    { text: 'Submit', to: labelPath(label, 'submit'), icon: <UploadIcon /> },
    { text: 'VIP', to: '/vip', icon: <StarIcon /> },
  ];
}

const socialNetworks = [
  { key: 'facebook', text: 'Facebook', icon: <FacebookIcon /> },
  { key: 'instagram', text: 'Instagram', icon: <InstagramIcon /> },
  { key: 'youtube', text: 'YouTube', icon: <YouTubeIcon /> },
  { key: 'soundcloud', text: 'SoundCloud', icon: <CloudIcon /> },
] as const;

/** The label's navigation (docs/product.md §2): Home, Artists, Releases, Playlists, Submit, VIP, and its social pages. */
export function SideNav({ label, onNavigate }: { label: LabelConfig; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const [socialOpen, setSocialOpen] = useState(true);
  const homePaths = [labelHomePath(label), labelPath(label)];
  return (
    <List component="nav" aria-label={`${label.name} navigation`} sx={{ py: 1 }}>
      {entriesOf(label).map((entry) => {
        const selected = entry.text === 'Home' ? homePaths.includes(pathname) : pathname.startsWith(entry.to);
        return (
          <ListItemButton
            key={entry.text}
            component={Link}
            to={entry.to}
            selected={selected}
            onClick={onNavigate}
            sx={{ '&.Mui-selected': { borderLeft: 3, borderColor: (t) => accentText(t, label.accent) } }}
          >
            <ListItemIcon sx={{ color: (t) => (selected ? accentText(t, label.accent) : t.palette.text.secondary), minWidth: 40 }}>{entry.icon}</ListItemIcon>
            <ListItemText primary={entry.text} />
          </ListItemButton>
        );
      })}
      <ListItemButton onClick={() => setSocialOpen((open) => !open)} aria-expanded={socialOpen}>
        <ListItemIcon sx={{ color: 'text.secondary', minWidth: 40 }}>
          <PublicIcon />
        </ListItemIcon>
        <ListItemText primary="Social Media" />
        {socialOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      </ListItemButton>
      <Collapse in={socialOpen} timeout="auto" unmountOnExit>
        <List component="div" disablePadding>
          {socialNetworks.map((network) => (
            <ListItemButton
              key={network.key}
              component="a"
              href={label.social[network.key]}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ pl: 4 }}
            >
              <ListItemIcon sx={{ color: 'text.secondary', minWidth: 40 }}>{network.icon}</ListItemIcon>
              <ListItemText primary={network.text} />
            </ListItemButton>
          ))}
        </List>
      </Collapse>
    </List>
  );
}

