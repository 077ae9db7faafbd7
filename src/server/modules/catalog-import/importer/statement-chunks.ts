/** Rows per statement: well below PostgreSQL's 65,535 parameters even for a batch of compilations. */
const rowsPerStatement = 500;

export function chunks<T>(items: T[], size = rowsPerStatement): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
