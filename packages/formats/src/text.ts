import type { Activity } from './activity.ts';

/**
 * C0 control characters but tab, line feed and carriage return, and DEL. PostgreSQL's text and jsonb
 * cannot hold NUL at all (an insert with one fails), and none of them belongs in a name or a message.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Text from a file made fit to store and show: control characters removed, at most `maxLength` long. */
export function plainText(text: string, maxLength = 1000): string {
  const clean = text.replace(CONTROL, '');
  return clean.length > maxLength ? `${clean.slice(0, maxLength - 1)}…` : clean;
}

const HAS_CONTROL = new RegExp(CONTROL.source);

/** Cleans `holder[key]` in place when it is a string with a control character (no key is added). */
function clean<T extends object>(holder: T, key: keyof T): void {
  const value = holder[key];
  if (typeof value === 'string' && HAS_CONTROL.test(value)) holder[key] = plainText(value) as T[keyof T];
}

/**
 * Makes every text that came from the file's bytes plain (`plainText`), in place: a damaged or hostile
 * file's NUL in a ride, device or sensor name would otherwise fail the ride's insert. Texts without a
 * control character stay exactly as they were.
 */
export function withPlainText(activity: Activity): Activity {
  for (const key of ['sport', 'subSport', 'name'] as const) clean(activity, key);
  for (const device of [activity.device, ...activity.sensors]) {
    for (const key of ['manufacturer', 'product', 'name'] as const) clean(device, key);
  }
  for (const lap of activity.laps) clean(lap, 'trigger');
  for (const event of activity.events) {
    clean(event, 'event');
    clean(event, 'eventType');
  }
  for (const session of activity.sessions ?? []) {
    clean(session, 'sport');
    clean(session, 'subSport');
  }
  for (let i = 0; i < activity.warnings.length; i++) clean(activity.warnings, i);
  return activity;
}
