import { useDebouncedValue } from '@app/ui';
import { useState } from 'react';

/**
 * A list's search box: the text as typed, for the box, and the text to search (`q`), which follows once typing
 * rests for about 300 ms, so the server is asked once per pause rather than once per keystroke.
 */
export function useSearch() {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text);
  return { text, setText, q };
}
