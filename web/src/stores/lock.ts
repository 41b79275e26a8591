import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { storageKey } from '../config/site';

/** The lock password is kept as its md5 digest, never as typed. */
async function digest(password: string): Promise<string> {
  const { md5 } = await import('js-md5');
  return md5(password);
}

interface LockState {
  isLock: boolean;
  /** md5 of the lock password; empty when none is set. */
  lockPasswd: string;
  /** The page the user locked from, shown again after unlocking. */
  lockedFrom: string;
  setPassword: (password: string) => Promise<void>;
  /** Locks the screen (the router guard then sends every navigation to /lock). */
  lock: (from: string) => void;
  /** Unlocks when the password matches; answers whether it did. */
  unlock: (password: string) => Promise<boolean>;
  clear: () => void;
}

/** The lock screen (spec section 2, "Lock screen"), persisted so that a page reload stays locked. */
export const useLock = create<LockState>()(
  persist(
    (set, get) => ({
      isLock: false,
      lockPasswd: '',
      lockedFrom: '',
      setPassword: async (password) => {
        const lockPasswd = await digest(password);
        set({ lockPasswd });
      },
      lock: (from) => set({ isLock: true, lockedFrom: from }),
      unlock: async (password) => {
        const { lockPasswd } = get();
        if (!lockPasswd || (await digest(password)) !== lockPasswd) return false;
        set({ isLock: false, lockPasswd: '' });
        return true;
      },
      clear: () => set({ isLock: false, lockPasswd: '', lockedFrom: '' }),
    }),
    {
      name: storageKey('lock'),
      storage: createJSONStorage(() => localStorage),
      partialize: ({ isLock, lockPasswd, lockedFrom }) => ({ isLock, lockPasswd, lockedFrom }),
    },
  ),
);
