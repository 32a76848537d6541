import { defineScreens } from '../../routing/screen.ts';

export const deviceScreens = defineScreens({
  Device: {
    title: 'Device List',
    page: () => import('./Device.tsx'),
    menu: { at: { fms: 70, bunkering: 50 }, label: 'Device' },
  },
  DeviceDetail: { title: 'Device Log Detail', page: () => import('./DeviceDetail.tsx') },
});
