import { defineScreens } from '../../routing/screen.ts';

export const assetScreens = defineScreens({
  Asset: {
    title: 'Asset List',
    page: () => import('./Asset.tsx'),
    // the Asset Event screen (spec 002 route asset/event/:id) is not part of the Asset list
    menu: { at: { fms: 60, bunkering: 40 }, label: 'Asset', notUnder: ['AssetEvent'] },
  },
  AssetDevice: { title: 'Asset Device', page: () => import('./AssetDevice.tsx') },
  AssetDetail: { title: 'Asset Detail', page: () => import('./AssetDetail.tsx') },
});
