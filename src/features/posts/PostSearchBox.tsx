import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';

/** The search field of a list; tells the list what to look for after a short pause in typing. */
export function PostSearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // The address changed (back button, a link, our own search): show what the list shows.
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), 250);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <form
      role="search"
      className="post-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t`Search publications`}
      </label>
      <input id={id} className="input" type="search" dir={text ? 'auto' : undefined} placeholder={t`Search publications`} value={text} onChange={(event) => setText(event.target.value)} />
    </form>
  );
}
