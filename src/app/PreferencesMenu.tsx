import { lazy, Suspense, useEffect, useState } from 'react';
import { retryOnce } from '../ui/lazyScreen';
import { whenIdle } from '../ui/whenIdle';
import { PreferencesTriggerFace, usePreferencesSummary } from './PreferencesTrigger';

// Once here (an earlier screen fetched it), a new app bar's button is the menu at once.
let arrived = false;
const PreferencesMenuContent = lazy(
  retryOnce(() =>
    import('./PreferencesMenuContent').then((m) => {
      arrived = true;
      return { default: m.PreferencesMenuContent };
    }),
  ),
);

/**
 * The app bar's language and theme, on every screen and every width: a button that opens
 * a menu of the languages and the themes, the current ones checked. The menu (Radix) is
 * not in the shell's first download: it is fetched once the page is idle, or as soon as
 * someone reaches for the button, which until then is a plain button that looks the same.
 */
export function PreferencesMenu() {
  const summary = usePreferencesSummary();
  const [wanted, setWanted] = useState(arrived);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    if (wanted) return;
    return whenIdle(() => setWanted(true), 4000);
  }, [wanted]);

  const standIn = (
    <button
      type="button"
      className="prefs-trigger"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={summary.label}
      title={summary.label}
      onPointerEnter={() => setWanted(true)}
      onFocus={() => {
        setFocused(true);
        setWanted(true);
      }}
      onBlur={() => setFocused(false)}
      // Like the menu's own trigger, it opens on the press, not on the click that follows:
      // should the menu arrive in between, the click lands on a trigger that does not open
      // on clicks, and the press is what asked for it. The click stays for the keyboard.
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        setOpenAtOnce(true);
        setWanted(true);
      }}
      onClick={() => {
        setOpenAtOnce(true);
        setWanted(true);
      }}
    >
      <PreferencesTriggerFace language={summary.language} preference={summary.preference} />
    </button>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <PreferencesMenuContent summary={summary} defaultOpen={openAtOnce} focusTrigger={focused} />
    </Suspense>
  );
}
