import { Grid, Typography } from '@mui/material';
import type { Control } from 'react-hook-form';
import { socialNetworks } from '../../../../shared/domain/demo-form.js';
import { FormTextField } from '../../../components/form-text-field.js';
import type { ArtistTextKey, DemoFormValues } from './demo-form-values.js';
import { EntryCard } from './entry-card.js';
import { SocialLinkField } from './social-link-field.js';

const textFields: { key: ArtistTextKey; label: string; type?: string; autoComplete: string }[] = [
  { key: 'fullName', label: 'Full name', autoComplete: 'name' },
  { key: 'name', label: 'Artist name', autoComplete: 'nickname' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'country', label: 'Country', autoComplete: 'country-name' },
  { key: 'province', label: 'Province/state', autoComplete: 'address-level1' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
];

const half = { xs: 12, sm: 6 } as const;

/** docs/product.md §3 artist: who they are, where they are, and the six social links in docs/product.md §5's order. */
export function ArtistFields({ control, index, onRemove }: { control: Control<DemoFormValues>; index: number; onRemove?: () => void }) {
  return (
    <EntryCard title={`Artist ${index + 1}`} onRemove={onRemove}>
      <Grid container spacing={2}>
        {textFields.map(({ key, label, type, autoComplete }) => (
          <Grid key={key} size={half}>
            <FormTextField fullWidth control={control} name={`artists.${index}.${key}`} label={label} type={type} autoComplete={autoComplete} required />
          </Grid>
        ))}
      </Grid>
      <Typography variant="subtitle2" component="h4" sx={{ mt: 3, mb: 1.5 }}>
        Social links
      </Typography>
      <Grid container spacing={2}>
        {socialNetworks.map(({ key, name }) => (
          <Grid key={key} size={half}>
            <SocialLinkField control={control} name={`artists.${index}.${key}`} network={name} />
          </Grid>
        ))}
      </Grid>
    </EntryCard>
  );
}
