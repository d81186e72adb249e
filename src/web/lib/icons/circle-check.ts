import { icon } from './icon';

export const CircleCheck = /* @__PURE__ */ icon(
  'circle-check',
  [
    ['circle', { cx: '12', cy: '12', r: '10' }],
    ['path', { d: 'm16 9-5.5 5.5L8 12' }],
  ],
  ['check-circle-2'],
);
