import { Box, Stack, TextField } from '@mui/material';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { themeBackgrounds } from '../../../../shared/api/settings.js';
import { contrastRatio, textContrast } from '../../../../shared/domain/readable-colour.js';

const isHexColour = (value: string) => /^#[0-9A-Fa-f]{6}$/.test(value);

/** What the colour reads at on the background, or null while either is not a colour. */
function contrastOn(colour: string, { colour: background, minimum }: Background): { ratio: number; isReadable: boolean } | null {
  if (!isHexColour(colour) || !isHexColour(background)) return null;
  const ratio = contrastRatio(colour, background);
  return { ratio, isReadable: ratio >= minimum };
}

interface Background {
  colour: string;
  name: string;
  /** The ratio it needs there (WCAG 2.2 AA: 4.5:1 for text, 3:1 for large letters and graphics). */
  minimum: number;
}

interface Props<Values extends FieldValues> {
  control: Control<Values>;
  name: Path<Values>;
  label: string;
  /** The colour it is read on: the site's (dark theme's) background unless said. */
  on?: Background;
}

const siteBackground: Background = { colour: themeBackgrounds.dark, name: "the site's background", minimum: textContrast };

/**
 * A colour as #RRGGBB, typed or picked, with its contrast on the background it is read on said under
 * it (the server refuses a label accent below 4.5:1 on the site's background, naming this field).
 */
export function AccentField<Values extends FieldValues>({ control, name, label, on = siteBackground }: Props<Values>) {
  const { field, fieldState } = useController({ control, name });
  const value = String(field.value ?? '');
  const contrast = contrastOn(value, on);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        aria-label={`${label} picker`}
        value={isHexColour(value) ? value.toLowerCase() : '#000000'}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => field.onChange(event.target.value.toUpperCase())}
        sx={{ width: 56, height: 56, p: 0.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'transparent', cursor: 'pointer', flexShrink: 0 }}
      />
      <Box sx={{ flexGrow: 1 }}>
        <TextField
          label={label}
          name={field.name}
          value={value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={
            <>
              {fieldState.error?.message ?? 'A colour like #02FF95'}
              <Box component="span" sx={{ display: 'block', color: contrast && !contrast.isReadable ? 'error.main' : undefined }}>
                {contrast
                  ? `Contrast on ${on.name}: ${contrast.ratio.toFixed(1)}:1, ${contrast.isReadable ? 'readable' : `too low (it needs ${on.minimum}:1)`}`
                  : 'Contrast: not a colour yet'}
              </Box>
            </>
          }
          slotProps={{ htmlInput: { spellCheck: false } }}
          fullWidth
        />
      </Box>
    </Stack>
  );
}
