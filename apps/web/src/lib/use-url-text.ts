// A text box that mirrors one query-string parameter: it follows the URL (back button, "Clear filters") but
// writes to it only once typing pauses, so each keystroke does not refetch or fill the history.
import { useEffect, useEffectEvent, useState } from 'react';

export const URL_TEXT_DELAY_MS = 300;

/** `urlValue`: the parameter as the URL has it now; `commit` writes a new value to the URL. */
export function useUrlText(
  urlValue: string,
  commit: (value: string) => void,
): [string, (value: string) => void] {
  const [text, setText] = useState(urlValue);
  const [lastUrlValue, setLastUrlValue] = useState(urlValue);
  if (urlValue !== lastUrlValue) {
    setLastUrlValue(urlValue);
    setText(urlValue);
  }
  const write = useEffectEvent(commit);
  useEffect(() => {
    if (text.trim() === urlValue) return;
    const timer = setTimeout(() => write(text), URL_TEXT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, urlValue]);
  return [text, setText];
}
