import HeadphonesIcon from '@mui/icons-material/Headphones';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { notify } from '../../../lib/notifications.js';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { spotifyProfileMessages, useSpotify } from '../api/use-spotify.js';

/**
 * Connects the listener's Spotify account (PKCE), then shows Premium or Free with a Disconnect
 * action. Hidden when the site has no Spotify client id.
 */
// On a phone the top bar has room for the icon only; the accessible name stays the full text.
const compactOnPhone = { minWidth: 0, px: { xs: 0.75, sm: 1.25 }, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } } };

function PhoneHidden({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
      {children}
    </Box>
  );
}

export function SpotifyConnectButton() {
  const spotify = useSpotify();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  const { profileError } = spotify;
  useEffect(() => {
    if (profileError) notify(spotifyProfileMessages.checkFailed, { variant: 'error' });
  }, [profileError]);

  if (!spotify.isAvailable) return null;

  if (!spotify.isConnected) {
    const connect = () => {
      spotify.connect().catch((error: unknown) => {
        notify(error instanceof Error ? error.message : 'Could not start the Spotify login', { variant: 'error' });
      });
    };
    return (
      <Button
        variant="outlined"
        size="small"
        color="primary"
        startIcon={<HeadphonesIcon />}
        onClick={connect}
        aria-label="Connect Spotify"
        sx={compactOnPhone}
      >
        <PhoneHidden>Connect Spotify</PhoneHidden>
      </Button>
    );
  }

  const status = spotify.isPremium === undefined ? 'Spotify' : spotify.isPremium ? 'Spotify Premium' : 'Spotify Free';
  const playback =
    spotify.isPremium === undefined
      ? profileError
        ? 'Premium status unknown'
        : 'Checking your plan…'
      : spotify.isPremium
        ? 'Full tracks can play'
        : 'Previews only';
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        color="primary"
        startIcon={<HeadphonesIcon />}
        aria-haspopup="menu"
        aria-expanded={menuAnchor ? true : undefined}
        aria-controls={menuAnchor ? menuId : undefined}
        title={playback}
        aria-label={status}
        sx={compactOnPhone}
        onClick={(event) => setMenuAnchor(event.currentTarget)}
      >
        <PhoneHidden>{status}</PhoneHidden>
      </Button>
      <Menu id={menuId} anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
        <MenuItem disabled>
          <ListItemText primary={status} secondary={playback} />
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMenuAnchor(null);
            spotify.disconnect();
          }}
        >
          <ListItemIcon>
            <LinkOffIcon fontSize="small" />
          </ListItemIcon>
          Disconnect
        </MenuItem>
      </Menu>
    </>
  );
}
