import { Box, Stack, Typography } from '@mui/material';

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  /** A list of named entries (the browser keys of the privacy policy). */
  items?: readonly { term: string; text: string }[];
}

/** One document of the legal page: its sections, each a heading, paragraphs and named entries. */
export function LegalDocument({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <Stack spacing={3}>
      {sections.map((section) => (
        <Box component="section" key={section.heading}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} variant="body1" color="text.secondary" sx={{ mb: 1.5 }}>
              {paragraph}
            </Typography>
          ))}
          {section.items && (
            <Box component="dl" sx={{ m: 0 }}>
              {section.items.map((item) => (
                <Box key={item.term} sx={{ mb: 1.5 }}>
                  <Typography component="dt" sx={{ fontFamily: 'monospace', fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {item.term}
                  </Typography>
                  <Typography component="dd" color="text.secondary" sx={{ ml: { xs: 0, sm: 3 } }}>
                    {item.text}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Stack>
  );
}
