import { create } from 'zustand';

/**
 * A key the layout puts on the screen area: bumping it remounts the views
 * (after the company changes in the Select Company modal, spec 000 §2).
 */
interface ViewState {
  viewKey: number;
  remountViews: () => void;
}

export const useView = create<ViewState>()((set) => ({
  viewKey: 0,
  remountViews: () => set((s) => ({ viewKey: s.viewKey + 1 })),
}));
