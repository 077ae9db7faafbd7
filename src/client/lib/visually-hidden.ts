/**
 * Out of sight but in the page: read by screen readers, found by its label (a live region, a file input).
 * Pixel strings: in sx a plain 1 means 100%.
 */
export const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
