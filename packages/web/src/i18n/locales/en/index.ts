// This language's core namespaces in one chunk, and a loader for each lazy one (language-module.ts).
import { languageModule, type Messages } from '../../language-module';

// `core` and `lazy` are read through loadLanguage's module object (language-module.ts). not imported by name.
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
