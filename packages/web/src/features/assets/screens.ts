import { defineScreens } from '../../routing/screen.ts';

export const assetScreens = defineScreens({
  Asset: {
    title: 'Asset List',
    page: () => import('./Asset.tsx'),
    // the Asset Event screen (spec 002 route asset/event/:id) is not part of the Asset list; an asset's devices
    // (/master/device/:id, opened from the list) are, though their address lies under the Device list's
    menu: { at: { fms: 60, bunkering: 40 }, label: 'Asset', notUnder: ['AssetEvent'], covers: ['AssetDevice'] },
  },
  AssetDevice: { title: 'Asset Device', page: () => import('./AssetDevice.tsx') },
  AssetDetail: { title: 'Asset Detail', page: () => import('./AssetDetail.tsx') },
});
