import { useEffect, useId, useState } from 'react';

/**
 * The search field of a list; tells the list what to look for after a short pause in typing.
 * The address holds what is searched (`?q=`): `value` follows it (back button, a link).
 */
export function SearchBox({ value, onSearch, label, className }: { value: string; onSearch: (text: string) => void; label: string; className?: string }) {
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
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="search"
        dir={text ? 'auto' : undefined}
        placeholder={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
