// This language's core namespaces in one chunk, and a loader for each lazy one (resources.ts).
import { languageModule, type Messages } from '../../resources';

// `core` and `lazy` are read through loadLanguage's module object (resources.ts), not imported by name.
// Keep these two patterns in step with LAZY_NAMESPACES (locales.test.ts checks).
export const { core, lazy } = languageModule(
  import.meta.glob<Messages>(
    [
      './*.json',
      '!./{legal,dashboard,activity,strava,analytics,predictive,formulas,advanced,comparative,fitting,health,live,garage,settings,plan,athlete,onboarding,activities,sync,bikes}.json',
    ],
    {
      eager: true,
      import: 'default',
    },
  ),
  import.meta.glob<Messages>(
    './{legal,dashboard,activity,strava,analytics,predictive,formulas,advanced,comparative,fitting,health,live,garage,settings,plan,athlete,onboarding,activities,sync,bikes}.json',
    {
      import: 'default',
    },
  ),
);
