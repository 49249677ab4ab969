import { useState, type FormEvent } from 'react';

/**
 * A required free-text box that posts its trimmed text: blank submits are refused (and flagged once tried),
 * and the box clears after a successful post. `post` gets the text and a `done` callback to call on success.
 */
export function useTextDraft(post: (text: string, done: () => void) => void) {
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const blank = text.trim() === '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (blank) return;
    post(text.trim(), () => {
      setText('');
      setTried(false);
    });
  };
  return { text, setText, blank, tried, submit };
}
