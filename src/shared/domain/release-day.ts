// When a release becomes public: at midnight of its date in the label's time zone (currentSiteSettings().timeZone).
// Until then it is upcoming: announced ("Out {date}"), left out of Top Releases (docs/decisions/0081).

const formatOptions = {
  wallClock: { hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
  date: { year: 'numeric', month: '2-digit', day: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per use and time zone, made once: making one costs far more than formatting with it
 * (ICU allocates outside the JavaScript heap, freed only when the formatter is collected), and a page
 * of 100 releases with their tracks asks hundreds of times. At most one per IANA zone for each use.
 */
function formatter(use: keyof typeof formatOptions, timeZone: string): Intl.DateTimeFormat {
  const key = `${use} ${timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(use === 'date' ? 'en-CA' : 'en-US', { ...formatOptions[use], timeZone });
    formatters.set(key, made);
  }
  return made;
}

/** The offset of `timeZone` from UTC at `at`, in ms (positive east of Greenwich). */
function offsetMs(at: number, timeZone: string): number {
  const parts = formatter('wallClock', timeZone).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant (ms) of midnight starting `date` (YYYY-MM-DD) in `timeZone`. */
export function releaseMoment(date: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day);
  // Two passes: the offset at the guess may differ from the offset at midnight across a DST change.
  const guess = wall - offsetMs(wall, timeZone);
  return wall - offsetMs(guess, timeZone);
}

/** The instant (ms) `date` (YYYY-MM-DD) ends in `timeZone`: midnight starting the day after. */
export function dayEnd(date: string, timeZone: string): number {
  const dayAfter = new Date(Date.parse(`${date}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return releaseMoment(dayAfter, timeZone);
}

/** The date (YYYY-MM-DD) it is at `now` in `timeZone`. */
export function localDate(now: Date, timeZone: string): string {
  return formatter('date', timeZone).format(now);
}

/** Whether a release of `releaseDate` is still upcoming at `now`: its date has not begun in `timeZone`. */
export function isUpcoming(releaseDate: string | null, now: Date, timeZone: string): boolean {
  return releaseDate !== null && releaseDate > localDate(now, timeZone);
}

/** Whether `timeZone` is an IANA time zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
