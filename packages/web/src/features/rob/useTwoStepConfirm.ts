import { useState } from 'react';

/**
 * Two-step delete (spec 002 §4): the first click marks the button 'Confirm?', the second deletes; moving the
 * pointer off the button cancels.
 */
export function useTwoStepConfirm<K extends string | number>() {
  const [armed, setArmed] = useState<K | null>(null);
  return {
    isArmed: (key: K) => armed === key,
    props: (key: K, onConfirm: () => void) => ({
      onClick: () => {
        if (armed === key) {
          setArmed(null);
          onConfirm();
        } else setArmed(key);
      },
      onMouseLeave: () => {
        if (armed === key) setArmed(null);
      },
    }),
  };
}
