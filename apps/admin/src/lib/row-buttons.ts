/**
 * The buttons of a table's rows, by key, so focus can go back to the one that opened a dialog or
 * failed, once what covered it is gone (keys, sessions, people).
 */
import { useRef } from 'react';

export function useRowButtons<K>() {
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  return {
    /** The ref of the button `key`: kept while it is on the page. */
    refFor: (key: K) => (button: HTMLButtonElement | null) => {
      if (button) buttons.current.set(key, button);
      else buttons.current.delete(key);
    },
    focus: (key: K) => {
      buttons.current.get(key)?.focus();
    },
  };
}
