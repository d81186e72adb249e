import { icon } from './icon';

export const PlusCircle = /* @__PURE__ */ icon(
  'circle-plus',
  [
    ['circle', { cx: '12', cy: '12', r: '10' }],
    ['path', { d: 'M8 12h8' }],
    ['path', { d: 'M12 8v8' }],
  ],
  ['plus-circle'],
);
