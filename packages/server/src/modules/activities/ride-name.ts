// Names for rides that have none. A ride keeps a name only when the file, Strava or the rider gave
// one (`activities.name`); otherwise Vatio stores the part of the day it started (`day_part`) and
// says "Morning Ride" / "Salida matinal" in the language of whoever reads it (API `lang`).

export const RIDE_LANGUAGES = ['es', 'en'] as const;
export type RideLanguage = (typeof RIDE_LANGUAGES)[number];

export const DAY_PARTS = ['night', 'morning', 'afternoon', 'evening'] as const;
export type DayPart = (typeof DAY_PARTS)[number];

const WORDS = {
  en: {
    night: 'Night',
    morning: 'Morning',
    afternoon: 'Afternoon',
    evening: 'Evening',
    ride: 'Ride',
    virtual: 'Virtual Ride',
  },
  es: {
    night: 'nocturna',
    morning: 'matinal',
    afternoon: 'de tarde',
    evening: 'vespertina',
    ride: 'Salida',
    virtual: 'Salida virtual',
  },
} as const;

/** The part of the day at a local hour (0–23): night before 5 and from 21, morning to 12, afternoon to 17. */
export function dayPartAt(localHour: number): DayPart {
  return localHour < 5
    ? 'night'
    : localHour < 12
      ? 'morning'
      : localHour < 17
        ? 'afternoon'
        : localHour < 21
          ? 'evening'
          : 'night';
}

/** "Morning Ride", "Salida matinal", "Virtual Ride"…: the default name in one language. */
export function defaultRideName(dayPart: DayPart, virtual: boolean, language: RideLanguage): string {
  const words = WORDS[language];
  const kind = virtual ? words.virtual : words.ride;
  return language === 'es' ? `${kind} ${words[dayPart]}` : `${words[dayPart]} ${kind}`;
}

/** The name to show: the stored one, else the default in the reader's language. */
export function displayRideName(
  row: { name: string | null; day_part: string | null; type: string; start_time: Date },
  language: RideLanguage,
): string {
  if (row.name) return row.name;
  const part = isDayPart(row.day_part) ? row.day_part : dayPartAt(row.start_time.getUTCHours());
  return defaultRideName(part, row.type === 'VirtualRide', language);
}

export function isDayPart(value: unknown): value is DayPart {
  return typeof value === 'string' && (DAY_PARTS as readonly string[]).includes(value);
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The unnamed rides a search finds: each (day part, kind) whose default name in the reader's
 * language contains the search text, case- and accent-insensitively ("salida", "matinal", "morning").
 */
export function defaultNamesMatching(
  query: string,
  language: RideLanguage,
): { dayPart: DayPart; virtual: boolean }[] {
  const needle = fold(query.trim());
  if (needle === '') return [];
  return DAY_PARTS.flatMap((dayPart) =>
    [false, true]
      .filter((virtual) => fold(defaultRideName(dayPart, virtual, language)).includes(needle))
      .map((virtual) => ({ dayPart, virtual })),
  );
}

/** The reader's language from `?lang=`, else the first of Accept-Language Vatio speaks, else English. */
export function requestLanguage(lang: unknown, acceptLanguage: string | undefined): RideLanguage {
  if (lang === 'es' || lang === 'en') return lang;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'es' || tag === 'en') return tag;
  }
  return 'en';
}
