import { defaultLabel, findLabel, labels, type Label } from '../../shared/labels.js';
import type { LabelConfig } from '../../shared/site-config.js';

/** docs/product.md §2: the label of a path is its first segment (tech, deep), otherwise records. */
export function labelFromPath(pathname: string): Label {
  const first = pathname.split('/')[1] ?? '';
  return labels.find((l) => l.short === first || l.id === first) ?? defaultLabel;
}

/** A label given in a route parameter: any accepted form, or undefined when unknown. */
export function labelFromParam(value: string | undefined): Label | undefined {
  return value === undefined ? undefined : findLabel(value);
}

/** Site path of a label page: /tech, /tech/artists, … */
export function labelPath(label: LabelConfig, page?: 'artists' | 'releases' | 'playlists' | 'submit'): string {
  return page ? `/${label.short}/${page}` : `/${label.short}`;
}

/** docs/product.md §2: the records Home entry points to /, the others to /tech and /deep. */
export function labelHomePath(label: LabelConfig): string {
  return label.id === defaultLabel.id ? '/' : labelPath(label);
}
