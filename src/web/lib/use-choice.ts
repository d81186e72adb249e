import { useState } from 'react';

/** What a select has chosen and the way to change it, as SelectFilter takes them (`choice`). */
export function useChoice<T extends string>(initial: T) {
  const [value, onChange] = useState<T>(initial);
  return { value, onChange };
}
